import {
  shareMinPasswordLength,
  shareNoPlatformMessage,
  shareViews,
  type AnalyticsPlatform,
  type RangePreset,
  type ShareLinkCreated,
  type ShareView,
} from '@crescendo/contracts';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { periodLabels, periods } from '@/lib/analytics/period';
import { isApiError } from '@/lib/api-error';
import { useCreateShareLink } from '../api/share-links';
import { PlatformCheckboxes } from './platform-checkboxes';
import { viewNames } from './share-labels';

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The last moment of a chosen day, in the viewer's time zone. */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

/** The dashboard's platform filter the Share button came from, else every connected platform. */
function defaultPlatforms(
  filter: string | null,
  connected: readonly AnalyticsPlatform[],
): AnalyticsPlatform[] {
  const one = connected.find((platform) => platform === filter);
  return one ? [one] : [...connected];
}

/** Creates a link; the dashboard pages' Share buttons prefill the view, period and platform. */
export function ShareLinkForm({
  connectedPlatforms,
  onCreated,
}: {
  /** Undefined while they load. */
  connectedPlatforms: readonly AnalyticsPlatform[] | undefined;
  onCreated: (created: ShareLinkCreated) => void;
}) {
  const [search] = useSearchParams();
  const [view, setView] = useState<ShareView>(pick(search.get('view'), shareViews, 'overview'));
  const [range, setRange] = useState<RangePreset>(pick(search.get('range'), periods, '28d'));
  // Untouched, the platforms follow the connected ones as they load.
  const [pickedPlatforms, setPickedPlatforms] = useState<AnalyticsPlatform[] | null>(null);
  const platforms =
    pickedPlatforms ?? defaultPlatforms(search.get('platform'), connectedPlatforms ?? []);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [label, setLabel] = useState('');
  const [password, setPassword] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [includeRevenue, setIncludeRevenue] = useState(false);
  const create = useCreateShareLink();
  const fieldErrors = isApiError(create.error) ? create.error.fieldErrors : {};
  const passwordError =
    password && password.length < shareMinPasswordLength
      ? `Use at least ${shareMinPasswordLength} characters`
      : fieldErrors.password;
  const platformsError =
    isSubmitted && platforms.length === 0 ? shareNoPlatformMessage : fieldErrors.platforms;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (passwordError || platforms.length === 0) return;
    create.mutate(
      {
        view,
        range,
        platforms,
        includeRevenue,
        ...(label.trim() ? { label: label.trim() } : {}),
        ...(password ? { password } : {}),
        ...(expiresOn ? { expiresAt: endOfDay(expiresOn) } : {}),
      },
      {
        onSuccess: (created) => {
          setPassword('');
          setLabel('');
          onCreated(created);
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="New share link">
      <FormField label="View">
        <Select value={view} onChange={(event) => setView(event.target.value as ShareView)}>
          {shareViews.map((option) => (
            <option key={option} value={option}>
              {viewNames[option]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Period">
        <Select value={range} onChange={(event) => setRange(event.target.value as RangePreset)}>
          {periods.map((option) => (
            <option key={option} value={option}>
              {periodLabels[option]}
            </option>
          ))}
        </Select>
      </FormField>
      <PlatformCheckboxes
        connected={connectedPlatforms}
        value={platforms}
        onChange={setPickedPlatforms}
        error={platformsError}
      />
      <FormField label="Name (only you see it)" error={fieldErrors.label}>
        <Input
          value={label}
          maxLength={120}
          placeholder="For the label meeting"
          onChange={(event) => setLabel(event.target.value)}
        />
      </FormField>
      <FormField label="Password (optional)" error={passwordError}>
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <FormField label="Expires on (optional)" error={fieldErrors.expiresAt}>
        <Input
          type="date"
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.target.value)}
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-zinc-300 accent-brand-600 dark:border-zinc-700"
          checked={includeRevenue}
          onChange={(event) => setIncludeRevenue(event.target.checked)}
        />
        <span>Include revenue</span>
      </label>
      {create.error && !Object.keys(fieldErrors).length ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-300">
          {create.error.message}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" isLoading={create.isPending}>
          Create link
        </Button>
      </div>
    </form>
  );
}
