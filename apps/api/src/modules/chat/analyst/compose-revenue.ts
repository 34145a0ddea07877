import {
  importSourceLabels,
  type EarningsRow,
  type ImportSource,
  type RevenueGroupBy,
  type RevenueResponse,
} from '@crescendo/contracts';
import { formatCount, formatDay, formatMoney, formatPerUnit, quoteTitle } from './formatting';
import type { RevenuePlan } from './understand-revenue';

/** What the revenue tool returns (the revenue page's figures). */
export type RevenueOutput = RevenueResponse & {
  groupBy: RevenueGroupBy;
  statementMonths: { first: string; last: string } | null;
};

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const monthWords = (month: string) =>
  `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Where the figures stand: the statement months read and how far each source has reported. */
function reportingWords(output: RevenueOutput): string {
  const months = output.statementMonths;
  const span = months
    ? months.first === months.last
      ? `the statement month ${monthWords(months.first)}`
      : `the statement months ${monthWords(months.first)} to ${monthWords(months.last)}`
    : 'no whole statement month';
  const sources = output.reportedThrough
    .map((report) =>
      report.through
        ? `${importSourceLabels[report.source as ImportSource] ?? report.source} through ${formatDay(report.through)}`
        : null,
    )
    .filter(Boolean);
  const lastNeeded = months ? months.last : null;
  const late = output.reportedThrough.filter(
    (report) => lastNeeded && report.through && report.through.slice(0, 7) < lastNeeded,
  );
  const pending =
    late.length > 0
      ? ` Months after ${formatDay(late.map((report) => report.through!).sort()[0]!)} are not reported yet: they are missing, not zero.`
      : '';
  const excluded = output.excluded
    .map(
      (entry) =>
        `${formatCount(entry.lines)} ${entry.lines === 1 ? 'line' : 'lines'} in ${entry.currency} (${formatMoney(entry.amount, entry.currency)})`,
    )
    .join(', ');
  const left = excluded
    ? ` Left out of the total: ${excluded}, since their statements give no exchange rate.`
    : '';
  return `This covers ${span} (${formatDay(output.range.from)} to ${formatDay(output.range.to)}; a month counts when its first day is in the period). Statements reported: ${sources.join(', ') || 'none yet'}.${pending}${left}`;
}

function rowWords(row: EarningsRow, groupBy: RevenueGroupBy, currency: string): string {
  const name = groupBy === 'song' || groupBy === 'release' ? quoteTitle(row.label) : row.label;
  const pay = row.perUnit !== null ? `, ${formatPerUnit(row.perUnit, currency)} per unit` : '';
  return `${name}: ${formatMoney(row.earnings, currency)} over ${formatCount(row.quantity)} units${pay}`;
}

/** The answer to a statement-money question, written only from the revenue tool's output. */
export function composeRevenue(
  plan: RevenuePlan,
  output: RevenueOutput,
  filterWords: string,
  periodWords: string,
): string {
  const { currency } = output;
  if (output.reportedThrough.length === 0) {
    return 'No distributor or store statement is imported yet, so I cannot tell what you earned. Import one in **Settings → Imports** (DistroKid, TuneCore, CD Baby, AWAL or Bandcamp) and ask me again.';
  }
  const context = reportingWords(output);
  if (plan.isPerUnit) {
    const ranked = output.rows
      .filter((row) => row.key !== '' && row.perUnit !== null && row.quantity > 0)
      .sort((a, b) => b.perUnit! - a.perUnit! || a.label.localeCompare(b.label));
    const best = ranked[0];
    if (!best)
      return `No ${output.groupBy} has units to divide its earnings by ${periodWords}. ${context}`;
    const chosen = plan.isLeast ? ranked.at(-1)! : best;
    const name =
      output.groupBy === 'song' || output.groupBy === 'release'
        ? quoteTitle(chosen.label)
        : chosen.label;
    const runnersUp = ranked
      .filter((row) => row !== chosen)
      .slice(0, 3)
      .map((row) => `- ${rowWords(row, output.groupBy, currency)}`)
      .join('\n');
    return `${name} pays ${chosen === best ? 'best' : 'least'} per unit${filterWords}${periodWords}: **${formatPerUnit(chosen.perUnit!, currency)}** per stream or sale (${formatMoney(chosen.earnings, currency)} over ${formatCount(chosen.quantity)} units).${runnersUp ? `\n\nNext:\n${runnersUp}` : ''}\n\n${context}`;
  }
  const top = output.rows.slice(0, output.groupBy === 'month' ? 12 : 5);
  const list = top.map((row) => `- ${rowWords(row, output.groupBy, currency)}`).join('\n');
  return `You earned **${formatMoney(output.total, currency)}**${filterWords}${periodWords}, over ${formatCount(output.quantity)} streams and sales.${list ? `\n\nBy ${output.groupBy}:\n${list}` : ''}\n\n${context} YouTube’s own ad-revenue estimate is separate and never added${output.youtubeEstimated !== null ? ` (${formatMoney(output.youtubeEstimated)} for these months)` : ''}.`;
}
