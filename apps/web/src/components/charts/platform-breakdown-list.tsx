import { EyeOff } from 'lucide-react';

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
                <span className="min-w-0 truncate" title={row.label}>
                  {row.label}
                </span>
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
