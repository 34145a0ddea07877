import { formatShare } from '@/lib/format';

export type RankedBarItem = {
  key: string;
  label: string;
  share: number;
  /** The raw figure, already formatted ("12.4K views"), or null when only a share exists. */
  value: string | null;
};

/**
 * Ranked horizontal bars as an ordered list: each row reads "1. Italy 32.7% (187K views)" to a
 * screen reader and needs no chart library. Bars scale to the largest share so small lists stay
 * readable; the printed percentage is always the true share.
 */
export function RankedBarList({
  items,
  label,
  limit = 8,
  isRanked = true,
}: {
  items: RankedBarItem[];
  label: string;
  limit?: number;
  /** False for lists in their own natural order (age groups): no rank numbers. */
  isRanked?: boolean;
}) {
  const shown = items.slice(0, limit);
  const largest = Math.max(...shown.map((item) => item.share), 0);
  return (
    <ol aria-label={label} className="flex flex-col gap-2.5">
      {/* Labels wrap rather than being cut off: a country's whole name always shows. */}
      {shown.map((item, index) => (
        <li key={item.key} className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="flex min-w-0 items-baseline gap-2">
              <span
                aria-hidden={!isRanked || undefined}
                className="w-4 shrink-0 text-right text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
              >
                {isRanked ? index + 1 : ''}
              </span>
              <span className="min-w-0 font-medium break-words">{item.label}</span>
            </span>
            <span className="shrink-0 font-semibold tabular-nums">{formatShare(item.share)}</span>
          </div>
          <div className="ml-6 flex items-center gap-2">
            <div
              aria-hidden="true"
              className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
            >
              <div
                className="h-full rounded-full bg-brand-600 dark:bg-brand-400"
                style={{
                  width: `${largest > 0 ? Math.max((item.share / largest) * 100, 1) : 0}%`,
                }}
              />
            </div>
            {item.value ? (
              <span className="w-24 shrink-0 text-right text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                {item.value}
              </span>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
