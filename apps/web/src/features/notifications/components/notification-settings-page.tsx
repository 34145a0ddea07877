import { alertKinds, type NotificationPreferences } from '@crescendo/contracts';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { extractErrorMessage } from '@/lib/api-error-message';
import {
  useNotificationPreferences,
  useSendDigestNow,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';
import {
  alertLabels,
  formatDigestTime,
  formatHour,
  listTimeZones,
  weekdays,
} from './notification-labels';

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const checkboxClass = 'mt-1 h-4 w-4 shrink-0 accent-brand-600';

/** Settings → Notifications: the weekly digest, each alert, the threshold and quiet hours. */
export function NotificationSettingsPage() {
  const { data, isPending, error } = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const sendNow = useSendDigestNow();
  const [threshold, setThreshold] = useState<string | null>(null);

  if (error)
    return (
      <Alert tone="danger" title="Settings did not load">
        {extractErrorMessage(error)}
      </Alert>
    );
  if (isPending || !data) return <Skeleton className="h-96 w-full" />;
  const { preferences } = data;
  const save = (patch: Parameters<typeof update.mutate>[0]) => update.mutate(patch);
  const quiet = preferences.quietHours;
  const thresholdValue = threshold ?? String(preferences.thresholdPercent);

  return (
    <>
      <PageHeader
        title="Notifications"
        description={`What Crescendo mails you about ${data.organization.name}. Each artist you belong to has its own settings.`}
      />
      {/* The header keeps its own margin, as on the other settings pages. */}
      <div className="flex flex-col gap-6">
        {update.error ? (
          <Alert tone="danger" title="Not saved">
            {extractErrorMessage(update.error)}
          </Alert>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>Weekly digest</CardTitle>
            <CardDescription>
              Your week against the week before, for every platform and import, with the top three
              items and what changed most.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={preferences.digest.isEnabled}
                onChange={(event) => save({ digest: { isEnabled: event.target.checked } })}
              />
              <span>Mail me the weekly digest</span>
            </label>
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField label="Day">
                <Select
                  value={preferences.digest.dayOfWeek}
                  onChange={(event) => save({ digest: { dayOfWeek: Number(event.target.value) } })}
                >
                  {weekdays.map((day, index) => (
                    <option key={day} value={index + 1}>
                      {day}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="Hour">
                <Select
                  value={preferences.digest.hour}
                  onChange={(event) => save({ digest: { hour: Number(event.target.value) } })}
                >
                  {hours.map((hour) => (
                    <option key={hour} value={hour}>
                      {formatHour(hour)}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField
                label="Time zone"
                hint={
                  preferences.timeZone
                    ? undefined
                    : `The artist profile's: ${data.effectiveTimeZone}`
                }
              >
                <Select
                  value={preferences.timeZone ?? ''}
                  onChange={(event) => save({ timeZone: event.target.value || null })}
                >
                  <option value="">Artist profile ({data.effectiveTimeZone})</option>
                  {listTimeZones(data.effectiveTimeZone).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
              {data.nextDigestAt
                ? `Next digest: ${formatDigestTime(data.nextDigestAt, data.effectiveTimeZone)}`
                : 'The weekly digest is off.'}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <Button
                variant="secondary"
                onClick={() => sendNow.mutate()}
                disabled={sendNow.isPending}
              >
                <Mail className="h-4 w-4" aria-hidden="true" />
                Send me this week's digest now
              </Button>
              <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
                {sendNow.data ? (
                  <>
                    Sent to {sendNow.data.sentTo}.{' '}
                    {sendNow.data.mailboxUrl ? (
                      <a
                        className="text-brand-700 underline dark:text-brand-300"
                        href={sendNow.data.mailboxUrl}
                      >
                        Open it in the sandbox mailbox
                      </a>
                    ) : null}
                  </>
                ) : sendNow.error ? (
                  extractErrorMessage(sendNow.error)
                ) : null}
              </p>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Alerts by email</CardTitle>
            <CardDescription>
              Each is mailed once; several about the same thing on one day come as one mail. All of
              them also appear under the bell.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <fieldset className="grid gap-3 sm:grid-cols-2">
              <legend className="sr-only">Alerts</legend>
              {alertKinds.map((kind) => (
                <label key={kind} className="flex items-start gap-3 text-sm">
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    checked={preferences.alerts[kind]}
                    onChange={(event) => save({ alerts: { [kind]: event.target.checked } })}
                  />
                  <span>
                    <span className="block font-medium">{alertLabels[kind].title}</span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {alertLabels[kind].hint}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <form
              className="flex flex-col gap-2 sm:flex-row sm:items-start"
              onSubmit={(event) => {
                event.preventDefault();
                const value = Number(thresholdValue);
                save({ thresholdPercent: value });
                setThreshold(null);
              }}
            >
              <FormField
                label="Spike and drop threshold (%)"
                hint="Mail only days at least this far from your usual."
              >
                <Input
                  type="number"
                  min={5}
                  max={1000}
                  inputMode="numeric"
                  value={thresholdValue}
                  onChange={(event) => setThreshold(event.target.value)}
                />
              </FormField>
              {/* Beside the input, below its label (text-sm line + the field's gap), not its hint. */}
              <Button type="submit" variant="secondary" className="sm:mt-6.5">
                Save threshold
              </Button>
            </form>
            <QuietHoursFields quiet={quiet} onChange={(quietHours) => save({ quietHours })} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function QuietHoursFields({
  quiet,
  onChange,
}: {
  quiet: NotificationPreferences['quietHours'];
  onChange: (quiet: NotificationPreferences['quietHours']) => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className={checkboxClass}
          checked={quiet !== null}
          onChange={(event) => onChange(event.target.checked ? { start: 22, end: 7 } : null)}
        />
        <span>
          <span className="block font-medium">Quiet hours</span>
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            Mail due then waits until they end (your time zone above).
          </span>
        </span>
      </label>
      {quiet ? (
        <div className="grid max-w-md grid-cols-2 gap-4">
          <FormField label="From">
            <Select
              value={quiet.start}
              onChange={(event) => onChange({ ...quiet, start: Number(event.target.value) })}
            >
              {hours.map((hour) => (
                <option key={hour} value={hour} disabled={hour === quiet.end}>
                  {formatHour(hour)}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Until">
            <Select
              value={quiet.end}
              onChange={(event) => onChange({ ...quiet, end: Number(event.target.value) })}
            >
              {hours.map((hour) => (
                <option key={hour} value={hour} disabled={hour === quiet.start}>
                  {formatHour(hour)}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      ) : null}
    </div>
  );
}
