import type { EarningsRow } from '@crescendo/contracts';
import { formatFullNumber } from '@/lib/format';
import { formatMoney, formatPerUnitMoney } from '@/lib/money';

/**
 * A small table of earnings rows (a song's stores or countries), biggest first as the API sends;
 * rows of lines in another currency say so and keep it (never converted).
 */
export function EarningsBreakdown({
  label,
  heading,
  rows,
  currency,
}: {
  label: string;
  heading: string;
  rows: readonly EarningsRow[];
  currency: string;
}) {
  if (rows.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No statement lines yet.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full text-sm">
        <thead className="text-xs text-zinc-600 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="py-2 pr-3 text-left font-medium">
              {heading}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Earnings
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Units
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              Per unit
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="py-2 pr-3 text-left font-normal">
                {row.label}
                {row.currency ? (
                  <span className="ml-1.5 text-xs text-zinc-600 dark:text-zinc-400">
                    in {row.currency}
                  </span>
                ) : null}
              </th>
              <td className="px-2 py-2 text-right tabular-nums">
                {formatMoney(row.earnings, row.currency ?? currency)}
              </td>
              <td className="px-2 py-2 text-right tabular-nums">
                {formatFullNumber(row.quantity)}
              </td>
              <td className="py-2 pl-2 text-right tabular-nums">
                {formatPerUnitMoney(row.perUnit, row.currency ?? currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
