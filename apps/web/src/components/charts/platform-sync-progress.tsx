import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** The first sync's progress, shown in place of charts that have nothing to draw yet. */
export function PlatformSyncProgress({
  title,
  step,
  percent,
  description,
}: {
  title: string;
  step: string | null;
  percent: number | null;
  description?: ReactNode;
}) {
  const value = Math.max(0, Math.min(100, percent ?? 0));
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" aria-live="polite">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
          <RefreshCw className="h-5 w-5 motion-safe:animate-spin" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold">{title}</h2>
          {description ? (
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="min-w-0 truncate font-medium" data-testid="sync-step">
            {step ?? 'Waiting to start'}
          </span>
          <span className="font-semibold tabular-nums">{value}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Sync progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          aria-valuetext={`${value}% — ${step ?? 'waiting to start'}`}
          className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-500 dark:bg-brand-500"
            style={{ width: `${value}%` }}
          />
        </div>
      </div>
    </Card>
  );
}
