import { auditActionLabels, type AuditEvent } from '@crescendo/contracts';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { extractErrorMessage } from '@/lib/api-error-message';
import { formatDate } from '@/lib/format';
import { auditLogPageSize, useAuditLog } from '../api/audit-log';

/** The words of an event's detail worth showing: whom or what it was about. */
export function describeAuditDetail(event: AuditEvent): string {
  const detail = event.detail;
  const text = (key: string) => (typeof detail[key] === 'string' ? (detail[key] as string) : null);
  if (detail.isRedacted === true) return 'Details removed with a deleted account';
  switch (event.action) {
    case 'member_invited':
      return [text('email'), text('role')].filter(Boolean).join(' as ');
    case 'member_joined':
      return text('role') ? `as ${text('role')}` : '';
    case 'member_removed':
    case 'member_role_changed':
      return [text('memberName') ?? text('memberEmail'), text('role')].filter(Boolean).join(' · ');
    case 'plan_changed':
      return `${text('fromPlan') ?? 'free'} → ${text('toPlan') ?? 'free'} (${text('status') ?? ''})`;
    case 'share_link_created':
    case 'share_link_revoked':
      return [text('view'), text('label')].filter(Boolean).join(' · ');
    case 'connection_added':
    case 'connection_removed':
      return [text('provider'), text('accountName')].filter(Boolean).join(' · ');
    case 'import_added':
    case 'import_deleted':
      return text('fileName') ?? '';
    default:
      return '';
  }
}

function describeActor(event: AuditEvent): string {
  if (event.action === 'plan_changed' && !event.actor) return 'Payment provider';
  if (!event.actor) return 'Deleted account';
  return event.actor.name ?? event.actor.email ?? 'Someone';
}

/** Settings → Team → Audit log (owners): who did what, when and from where; kept a year. */
export function AuditLogSection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('auditPage')) || 1);
  const log = useAuditLog(page, { enabled: true });
  const pageCount = log.data ? Math.max(1, Math.ceil(log.data.total / auditLogPageSize)) : 1;
  const goTo = (next: number) =>
    setSearchParams(
      (params) => {
        params.set('auditPage', String(next));
        return params;
      },
      { replace: true },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>
          Who invited whom, changed a role or the plan, shared or connected something, and from
          where. Kept for a year.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <Skeleton className="h-24" />
        ) : log.isError ? (
          <Alert tone="danger" title="The audit log did not load">
            {extractErrorMessage(log.error)}
          </Alert>
        ) : log.data.events.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing recorded yet.</p>
        ) : (
          <>
            <ol className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Audit log">
              {log.data.events.map((event) => (
                <li key={event.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:gap-4">
                  <time
                    dateTime={event.createdAt}
                    className="shrink-0 text-xs text-zinc-600 tabular-nums sm:w-40 dark:text-zinc-400"
                  >
                    {formatDate(event.createdAt)}{' '}
                    {new Date(event.createdAt).toLocaleTimeString([], {
                      hour: '2-digit',
                      minute: '2-digit',
                    })}
                  </time>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm">
                      <span className="font-medium">{auditActionLabels[event.action]}</span>
                      {describeAuditDetail(event) ? ` · ${describeAuditDetail(event)}` : ''}
                    </p>
                    <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
                      {describeActor(event)}
                      {event.actor?.email && event.actor.name ? ` (${event.actor.email})` : ''}
                      {event.ipAddress ? ` · ${event.ipAddress}` : ''}
                      {event.userAgent ? ` · ${event.userAgent}` : ''}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
            {pageCount > 1 ? (
              <nav className="mt-4 flex items-center justify-between" aria-label="Audit log pages">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => goTo(page - 1)}
                >
                  Newer
                </Button>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  Page {page} of {pageCount}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= pageCount}
                  onClick={() => goTo(page + 1)}
                >
                  Older
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
