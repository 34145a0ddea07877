import { describeCombinedWindow } from '@/lib/analytics/period';
import { formatDaySpan } from '@/lib/format';
import { platformNames } from '@/lib/platforms';

type WindowsAnswer = Parameters<typeof describeCombinedWindow>[0];

/**
 * Said on an all-platform page whose figures use the common window, when some platform's own
 * "last N days" end elsewhere: which days the page shows, and each platform's own days.
 */
export function CommonWindowNote({
  data,
  className = 'mb-3 text-xs text-zinc-600 dark:text-zinc-400',
}: {
  data: WindowsAnswer | undefined;
  className?: string;
}) {
  const note = data
    ? describeCombinedWindow(data, formatDaySpan, (platform) =>
        platform in platformNames
          ? platformNames[platform as keyof typeof platformNames]
          : platform,
      )
    : '';
  if (!note) return null;
  return (
    <p className={className} data-testid="common-window">
      {note}
    </p>
  );
}
