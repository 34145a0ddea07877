import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';

/**
 * The shell every analytics page (/dashboard, its audience, content and ROI pages, /youtube,
 * /meta) is drawn in: the title, the page's actions, one row of filters led by the period, a
 * status line, then the page. Nothing in it is wider than the screen.
 */
export function AnalyticsPage({
  title,
  description,
  actions,
  filters,
  status,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The period control first, then the page's own filters. */
  filters?: ReactNode;
  /** A short live line: "Updating your figures…", "Data through Nov 20". */
  status?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col">
      <PageHeader title={title} description={description} actions={actions} />
      {filters || status ? (
        <div className="mb-4 flex min-w-0 flex-wrap items-center justify-between gap-3">
          {filters ? (
            <div className="flex min-w-0 flex-wrap items-center gap-3">{filters}</div>
          ) : null}
          {status ? (
            <div className="min-w-0 text-xs text-zinc-600 dark:text-zinc-400">{status}</div>
          ) : null}
        </div>
      ) : null}
      {children}
    </div>
  );
}
