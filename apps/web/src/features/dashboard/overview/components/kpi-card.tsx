import { openAssistant } from '@/lib/assistant-events';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { InfoTip } from '@/components/analytics/info-tip';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { isPresent, MISSING_VALUE } from '@/lib/format';
import { formatChange } from '../../shared/components/dashboard-format';
import { FigureValue } from './figure-value';

/**
 * "▲ +12.3% vs previous 28 days": direction in colour, arrow and words, so it reads without
 * colour and to screen readers. Nothing is shown when there is no change to report.
 */
export function KpiDelta({
  change,
  comparedTo,
  subject,
  tone = 'direction',
  className,
}: {
  change: number | null | undefined;
  /** "previous 28 days"; without it only the arrow and percentage show (tables). */
  comparedTo?: string;
  /**
   * What the percentage is of, when it is not the figure shown above it: "net gain" makes
   * "▼ −8.7% net gain vs previous 28 days", so a smaller gain is not read as a shrinking audience.
   */
  subject?: string;
  /** `neutral`: no good/bad colour, e.g. a smaller gain on an audience that still grew. */
  tone?: 'direction' | 'neutral';
  className?: string;
}) {
  if (!isPresent(change)) return null;
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const arrow = direction === 'up' ? '▲' : direction === 'down' ? '▼' : '■';
  const word = direction === 'up' ? 'Up' : direction === 'down' ? 'Down' : 'No change';
  const isColoured = tone === 'direction';
  return (
    <p
      data-testid="kpi-delta"
      className={cn(
        'flex items-center gap-1 text-xs font-medium',
        isColoured && direction === 'up' && 'text-emerald-700 dark:text-emerald-400',
        isColoured && direction === 'down' && 'text-red-700 dark:text-red-400',
        (!isColoured || direction === 'flat') && 'text-zinc-600 dark:text-zinc-400',
        className,
      )}
    >
      <span aria-hidden="true">{arrow}</span>
      <span className="sr-only">{word}</span>
      <span>
        {direction === 'flat' ? '0%' : formatChange(change)}
        {subject ? ` ${subject}` : ''}
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
  changeSubject,
  changeTone,
  source,
  comparisonNote,
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
  /** What `change` is of, when not the value itself (see `KpiDelta`). */
  changeSubject?: string;
  changeTone?: 'direction' | 'neutral';
  /** The figure's window and source ("Oct 24 – Nov 20 · YouTube, Instagram"), behind the icon. */
  source?: string;
  /** Said where the delta would be when there is none, e.g. "Partial comparison". */
  comparisonNote?: string | null;
  isLoading?: boolean;
  className?: string;
  /** Opens the assistant with this question ("Explain this"). */
  explainQuestion?: string;
}) {
  const shown = value ?? MISSING_VALUE;
  const isMissing = shown === MISSING_VALUE;
  return (
    <Card
      className={cn('flex min-w-0 flex-col gap-1 p-3.5 sm:p-4', className)}
      data-testid="kpi-card"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="truncate text-xs font-medium text-zinc-600 sm:text-sm dark:text-zinc-400">
          {label}
        </h3>
        {source ? (
          <InfoTip
            triggerLabel={`About ${label}`}
            label={<Icon className="h-4 w-4" aria-hidden="true" />}
          >
            {source}
          </InfoTip>
        ) : (
          <Icon className="h-4 w-4 shrink-0 text-zinc-500" aria-hidden="true" />
        )}
      </div>
      {isLoading ? (
        <>
          <Skeleton className="h-9 w-28" />
          <Skeleton className="h-4 w-40" />
          <span className="sr-only">Loading {label}</span>
        </>
      ) : (
        <>
          <p className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl lg:text-2xl">
            <FigureValue value={shown} />
          </p>
          {detail ? <div className="text-xs text-zinc-600 dark:text-zinc-400">{detail}</div> : null}
          {comparisonNote && !isPresent(change) ? (
            <p className="text-xs font-medium text-amber-800 dark:text-amber-300">
              {comparisonNote}
            </p>
          ) : null}
          {comparedTo ? (
            <KpiDelta
              change={change}
              comparedTo={comparedTo}
              subject={changeSubject}
              tone={changeTone}
            />
          ) : null}
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
