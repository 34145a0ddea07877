import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { InfoTip } from '@/components/analytics/info-tip';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { MISSING_VALUE } from '@/lib/format';
import { PlatformSkeleton } from './platform-skeleton';

/**
 * One headline number. `value` is already formatted; "—" (or null) reads as "not available"
 * to screen readers, so a missing metric is never mistaken for zero.
 */
export function PlatformStatCard({
  label,
  value,
  hint,
  icon: Icon,
  size = 'md',
  source,
  className,
}: {
  label: string;
  value: string | null;
  hint?: ReactNode;
  icon?: LucideIcon;
  /** `sm` for dense grids (several cards in half a row). */
  size?: 'sm' | 'md';
  /** The figure's window and source ("Oct 25 – Nov 21, 2026 · Instagram"), behind an icon. */
  source?: string;
  className?: string;
}) {
  const isMissing = value === null || value === MISSING_VALUE;
  return (
    <Card className={cn('flex min-w-0 flex-col gap-1 p-3 sm:gap-1.5 sm:p-5', className)}>
      {/* A label wraps rather than being cut off in a narrow card ("Page follows"). */}
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-xs font-medium break-words text-zinc-600 sm:text-sm dark:text-zinc-400">
          {label}
        </p>
        {source ? (
          <InfoTip triggerLabel={`About ${label}`}>{source}</InfoTip>
        ) : Icon ? (
          <Icon className="hidden h-4 w-4 shrink-0 text-zinc-500 sm:block" aria-hidden="true" />
        ) : null}
      </div>
      <p
        className={cn(
          'truncate text-xl font-semibold tracking-tight tabular-nums',
          size === 'md' ? 'sm:text-3xl' : 'sm:text-2xl',
          isMissing && 'text-zinc-500 dark:text-zinc-400',
        )}
      >
        {isMissing ? (
          <>
            <span aria-hidden="true">{MISSING_VALUE}</span>
            <span className="sr-only">Not available</span>
          </>
        ) : (
          value
        )}
      </p>
      {hint ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</p> : null}
    </Card>
  );
}

export function PlatformStatCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-3 sm:p-5">
      <PlatformSkeleton className="h-4 w-24" />
      <PlatformSkeleton className="h-8 w-20" />
      <PlatformSkeleton className="h-3 w-32" />
    </Card>
  );
}
