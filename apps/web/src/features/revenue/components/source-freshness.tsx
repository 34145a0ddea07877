import { importSourceLabels, type ReportedThrough } from '@crescendo/contracts';
import { formatLongDay, formatRelativeTime } from '@/lib/format';
import { formatMonth } from '@/lib/money';

/** "Reported through March 2026" for statements, "Data through Mar 20, 2026" for Spotify's days. */
export function describeReportedThrough(entry: ReportedThrough): string {
  if (!entry.through) return 'Nothing imported yet';
  return entry.source === 'spotify'
    ? `Data through ${formatLongDay(entry.through)}`
    : `Reported through ${formatMonth(entry.through)}`;
}

/** Each source, how far it has reported and when its latest file came in. */
export function SourceFreshness({
  sources,
  label = 'Sources',
}: {
  sources: readonly ReportedThrough[];
  label?: string;
}) {
  const known = sources.filter((entry) => entry.through !== null);
  if (known.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-1.5 text-sm">
      {known.map((entry) => (
        <li key={entry.source} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-medium">{importSourceLabels[entry.source]}</span>
          <span className="text-zinc-600 dark:text-zinc-400">
            {describeReportedThrough(entry)}
            {entry.importedAt ? ` · imported ${formatRelativeTime(entry.importedAt)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
