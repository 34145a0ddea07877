import { openAssistant } from '@/lib/assistant-events';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { isPresent, MISSING_VALUE } from '@/lib/format';
import { formatChange } from './charts/dashboard-format';
import { FigureValue } from './charts/figure-value';

/**
 * "▲ +12.3% vs previous 28 days": direction in colour, arrow and words, so it reads without
 * colour and to screen readers. Nothing is shown when there is no change to report.
 */
export function KpiDelta({
  change,
  comparedTo,
  className,
}: {
  change: number | null | undefined;
  /** "previous 28 days"; without it only the arrow and percentage show (tables). */
  comparedTo?: string;
  className?: string;
}) {
  if (!isPresent(change)) return null;
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const arrow = direction === 'up' ? '▲' : direction === 'down' ? '▼' : '■';
  const word = direction === 'up' ? 'Up' : direction === 'down' ? 'Down' : 'No change';
  return (
    <p
      data-testid="kpi-delta"
      className={cn(
        'flex items-center gap-1 text-xs font-medium',
        direction === 'up' && 'text-emerald-700 dark:text-emerald-400',
        direction === 'down' && 'text-red-700 dark:text-red-400',
        direction === 'flat' && 'text-zinc-600 dark:text-zinc-400',
        className,
      )}
    >
      <span aria-hidden="true">{arrow}</span>
      <span className="sr-only">{word}</span>
      <span>
        {direction === 'flat' ? '0%' : formatChange(change)}
        {comparedTo ? ` vs ${comparedTo}` : <span className="sr-only"> vs previous period</span>}
      </span>
    </p>
  );
}

/**
 * One headline figure. `value` is already formatted; "—" is read out as "not available" so a
 * missing metric is never mistaken for zero. Without a value it shows `hint` (e.g. connect X).
 */
export function KpiCard({
  icon: Icon,
  label,
  value,
  hint,
  detail,
  change,
  comparedTo,
  isLoading = false,
  className,
  explainQuestion,
}: {
  icon: LucideIcon;
  label: string;
  value?: string | null;
  hint?: ReactNode;
  detail?: ReactNode;
  change?: number | null;
  comparedTo?: string | null;
  isLoading?: boolean;
  className?: string;
  /** Opens the assistant with this question ("Explain this"). */
  explainQuestion?: string;
}) {
  const shown = value ?? MISSING_VALUE;
  const isMissing = shown === MISSING_VALUE;
  return (
    <Card className={cn('flex min-w-0 flex-col gap-2 p-5', className)} data-testid="kpi-card">
      <div className="flex items-center justify-between gap-2">
        <h3 className="truncate text-sm font-medium text-zinc-600 dark:text-zinc-400">{label}</h3>
        <Icon className="h-4 w-4 shrink-0 text-zinc-500" aria-hidden="true" />
      </div>
      {isLoading ? (
        <>
          <Skeleton className="h-9 w-28" />
          <Skeleton className="h-4 w-40" />
          <span className="sr-only">Loading {label}</span>
        </>
      ) : (
        <>
          <p className="text-3xl font-semibold tracking-tight tabular-nums">
            <FigureValue value={shown} />
          </p>
          {detail ? <div className="text-xs text-zinc-600 dark:text-zinc-400">{detail}</div> : null}
          {comparedTo ? <KpiDelta change={change} comparedTo={comparedTo} /> : null}
          {isMissing && hint ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>
          ) : null}
          {explainQuestion && !isMissing ? (
            <button
              type="button"
              className="self-start text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
              aria-label={`Explain ${label}`}
              onClick={() => openAssistant(explainQuestion)}
            >
              Explain this
            </button>
          ) : null}
        </>
      )}
    </Card>
  );
}
