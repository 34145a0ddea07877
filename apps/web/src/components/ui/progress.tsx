import { cn } from '@/lib/cn';

/**
 * A labelled progress bar. `value` null renders an indeterminate bar (no aria-valuenow), for work
 * that has started but cannot say how far it is yet.
 */
export function Progress({
  value,
  label,
  valueText,
  className,
}: {
  value: number | null;
  label: string;
  valueText?: string;
  className?: string;
}) {
  const clamped = value === null ? null : Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped ?? undefined}
      aria-valuetext={valueText}
      className={cn(
        'relative h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800',
        className,
      )}
    >
      <div
        className={cn(
          'h-full rounded-full bg-brand-600 transition-[width] duration-500 ease-out dark:bg-brand-400',
          clamped === null && 'w-1/3 animate-pulse',
        )}
        style={clamped === null ? undefined : { width: `${Math.max(clamped, 2)}%` }}
      />
    </div>
  );
}
