import { analyticsPlatforms, type AnalyticsPlatform } from '@crescendo/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { platformNames } from './share-labels';

/**
 * The platforms a link shows: one box per platform, ticked from the connected ones only (a link
 * verifies figures from connected accounts; the others are listed, greyed, to say why not).
 */
export function PlatformCheckboxes({
  connected,
  value,
  onChange,
  error,
}: {
  /** Undefined while the connected platforms load. */
  connected: readonly AnalyticsPlatform[] | undefined;
  value: readonly AnalyticsPlatform[];
  onChange: (platforms: AnalyticsPlatform[]) => void;
  error: string | undefined;
}) {
  const errorId = useId();
  const toggle = (platform: AnalyticsPlatform, isTicked: boolean) =>
    onChange(
      analyticsPlatforms.filter((option) =>
        option === platform ? isTicked : value.includes(option),
      ),
    );
  return (
    <fieldset
      className="flex flex-col gap-1.5 sm:col-span-2"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Platforms
      </legend>
      {connected === undefined ? (
        <Skeleton className="h-5 w-64" />
      ) : (
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {analyticsPlatforms.map((platform) => {
            const isConnected = connected.includes(platform);
            return (
              <label
                key={platform}
                className={`flex items-center gap-2 text-sm ${isConnected ? '' : 'text-zinc-500 dark:text-zinc-500'}`}
              >
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-zinc-300 accent-brand-600 dark:border-zinc-700"
                  checked={isConnected && value.includes(platform)}
                  disabled={!isConnected}
                  onChange={(event) => toggle(platform, event.target.checked)}
                />
                <span>
                  {platformNames[platform]}
                  {isConnected ? '' : ' (not connected)'}
                </span>
              </label>
            );
          })}
        </div>
      )}
      {connected?.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          A link shows figures from connected accounts only.{' '}
          <Link
            to={paths.settingsConnections}
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            Connect YouTube, Instagram or Facebook
          </Link>{' '}
          first.
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
