import type { WaitlistEntry } from '@crescendo/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { Check, UserCheck, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { showToast } from '@/lib/toast';
import { useDecideWaitlistEntry, type WaitlistDecision } from '../api/decide-waitlist-entry';
import { useWaitlistList, type WaitlistFilter } from '../api/list-waitlist';

const PAGE_SIZE = 20;
const statuses = ['pending', 'approved', 'rejected'] as const;

function formatDate(value: string) {
  return new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

const roleLabels: Record<NonNullable<WaitlistEntry['role']>, string> = {
  lead: 'Lead',
  customer: 'Customer',
  admin: 'Admin',
};

/** What an admin can do with an entry: only the actions that change something. */
function actionsFor(entry: WaitlistEntry): { decision: WaitlistDecision; label: string }[] {
  if (entry.role === 'admin') return [];
  if (entry.status === 'pending')
    return [
      { decision: 'approve', label: 'Approve' },
      { decision: 'reject', label: 'Reject' },
    ];
  if (entry.status === 'rejected') return [{ decision: 'approve', label: 'Approve instead' }];
  // Approved before approval granted access in the same step: finish the job.
  if (entry.role === 'lead') return [{ decision: 'approve', label: 'Grant access' }];
  return [{ decision: 'reject', label: 'Revoke access' }];
}

function EntryRow({ entry }: { entry: WaitlistEntry }) {
  const decide = useDecideWaitlistEntry();
  const label = entry.name || entry.email;
  const onDecide = (decision: WaitlistDecision) =>
    decide.mutate(
      { id: entry.id, decision },
      {
        onSuccess: () =>
          showToast({
            title: decision === 'approve' ? `${label} approved` : `${label} declined`,
            description:
              decision === 'approve'
                ? 'They can open their dashboard now.'
                : 'Their access was declined.',
            type: decision === 'approve' ? 'celebration' : 'success',
          }),
        onError: (error) =>
          showToast({
            title: 'Couldn’t update the entry',
            description: error.message,
            type: 'error',
          }),
      },
    );
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{entry.name || '—'}</span>
          <Badge tone={entry.role === 'lead' || !entry.role ? 'neutral' : 'brand'}>
            {entry.role ? roleLabels[entry.role] : 'No account yet'}
          </Badge>
        </p>
        <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{entry.email}</p>
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Joined {formatDate(entry.createdAt)}
          {entry.position ? ` · #${entry.position} in line` : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {actionsFor(entry).map(({ decision, label: actionLabel }, index) => (
          <Button
            key={decision}
            size="sm"
            variant={index === 0 && decision === 'approve' ? 'primary' : 'secondary'}
            onClick={() => onDecide(decision)}
            isLoading={decide.isPending && decide.variables?.decision === decision}
            aria-label={`${actionLabel} ${label}`}
          >
            {decision === 'approve' ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <X className="h-4 w-4" aria-hidden="true" />
            )}{' '}
            {actionLabel}
          </Button>
        ))}
      </div>
    </li>
  );
}

export function AdminWaitlistPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const statusParam = searchParams.get('status');
  const status = (statuses as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as WaitlistFilter['status'])
    : 'pending';
  const page = Math.max(0, Number(searchParams.get('page') ?? '0') || 0);
  const filter: WaitlistFilter = { status, limit: PAGE_SIZE, offset: page * PAGE_SIZE };
  const list = useWaitlistList(filter);
  const total = list.data?.total ?? 0;

  const update = (next: Partial<{ status: string; page: number }>) => {
    const params = new URLSearchParams(searchParams);
    if (next.status) params.set('status', next.status);
    params.set('page', String(next.page ?? 0));
    setSearchParams(params, { replace: true });
  };

  return (
    <Tabs.Root value={status} onValueChange={(value) => update({ status: value, page: 0 })}>
      <Tabs.List
        aria-label="Waitlist status"
        className="mb-4 inline-flex rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800"
      >
        {statuses.map((value) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 capitalize data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-300 dark:data-[state=active]:bg-zinc-950 dark:data-[state=active]:text-white"
          >
            {value}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={status} tabIndex={-1}>
        {list.isPending ? (
          <Spinner label="Loading waitlist" />
        ) : list.isError ? (
          <AsyncErrorView error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.entries.length === 0 ? (
          <EmptyState
            icon={UserCheck}
            title={status === 'pending' ? 'No one waiting' : `No ${status} entries`}
            description={
              status === 'pending'
                ? 'Every artist in line has an answer. Nice work.'
                : 'Nothing here yet.'
            }
          />
        ) : (
          <Card>
            <div className="flex items-center justify-between border-b border-zinc-200 px-4 py-3 sm:px-6 dark:border-zinc-800">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {total} {status} {total === 1 ? 'entry' : 'entries'}
              </p>
              <Badge tone="brand">Page {page + 1}</Badge>
            </div>
            <ul
              className="divide-y divide-zinc-200 dark:divide-zinc-800"
              aria-label={`${status} waitlist entries`}
            >
              {list.data.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ul>
            {total > PAGE_SIZE ? (
              <div className="flex justify-between border-t border-zinc-200 px-4 py-3 sm:px-6 dark:border-zinc-800">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page === 0}
                  onClick={() => update({ status, page: page - 1 })}
                >
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={(page + 1) * PAGE_SIZE >= total}
                  onClick={() => update({ status, page: page + 1 })}
                >
                  Next
                </Button>
              </div>
            ) : null}
          </Card>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}
