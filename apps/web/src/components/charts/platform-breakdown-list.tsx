import { EyeOff } from 'lucide-react';
import { formatCompactNumber, formatShare } from '@/lib/format';

/** "Not available — <why>": withheld data is explained, never drawn as zero. */
export function PlatformUnavailableNotice({ reason }: { reason: string }) {
  return (
    <div className="flex items-start gap-2 rounded-lg border border-dashed border-zinc-300 p-3 text-sm dark:border-zinc-700">
      <EyeOff className="mt-0.5 h-4 w-4 shrink-0 text-zinc-500" aria-hidden="true" />
      <p>
        <span className="font-medium">Not available</span>
        <span className="text-zinc-600 dark:text-zinc-400"> — {reason}</span>
      </p>
    </div>
  );
}

export type BreakdownRow = { label: string; share: number; display: string };

/**
 * The `limit` biggest entries by `count` (unreported ones left out), each shown as its count and
 * its share of all the entries' total: "1.2K · 25%".
 */
export function toCountShareRows<Entry>(
  entries: Entry[],
  {
    count,
    label,
    limit,
  }: { count: (entry: Entry) => number | null; label: (entry: Entry) => string; limit: number },
): BreakdownRow[] {
  const total = entries.reduce((sum, entry) => sum + (count(entry) ?? 0), 0);
  return entries
    .filter((entry) => count(entry) !== null)
    .sort((a, b) => (count(b) ?? 0) - (count(a) ?? 0))
    .slice(0, limit)
    .map((entry) => {
      const share = total > 0 ? (count(entry) ?? 0) / total : 0;
      return {
        label: label(entry),
        share,
        display: `${formatCompactNumber(count(entry))} · ${formatShare(share)}`,
      };
    });
}

/**
 * A ranked list with proportional bars (top countries, devices, age groups…). With no rows the
 * platform withheld the breakdown: it says so, with the reason, instead of drawing zeros.
 */
export function PlatformBreakdownList({
  title,
  rows,
  unavailableReason,
}: {
  title: string;
  rows: BreakdownRow[];
  unavailableReason: string;
}) {
  const headingId = `breakdown-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <PlatformUnavailableNotice reason={unavailableReason} />
      ) : (
        <ol className="flex flex-col gap-2">
          {rows.map((row) => (
            <li key={row.label} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 break-words">{row.label}</span>
                <span className="shrink-0 font-medium whitespace-nowrap tabular-nums">
                  {row.display}
                </span>
              </div>
              <div className="h-1.5 w-full overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
                <div
                  className="h-full rounded-full bg-brand-500 dark:bg-brand-400"
                  style={{ width: `${Math.max(2, Math.min(100, row.share * 100))}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
