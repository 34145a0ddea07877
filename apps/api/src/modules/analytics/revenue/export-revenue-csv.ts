import type { RevenueGroupBy, RevenueResponse } from '@crescendo/contracts';
import { toCsv } from '../calculations/csv';

const groupWords: Record<RevenueGroupBy, string> = {
  store: 'Store',
  country: 'Country',
  song: 'Song',
  release: 'Release',
  month: 'Month',
  source: 'Source',
};

export function revenueCsvHeaders(groupBy: RevenueGroupBy, currency: string): string[] {
  return [groupWords[groupBy], 'Key', `Earnings (${currency})`, 'Quantity', 'Per unit', 'Note'];
}

/**
 * The revenue read's rows as a spreadsheet: one line per row, then the total, then each currency
 * left out of it (never converted), so the file adds up exactly as the page does.
 */
export function toRevenueCsv(revenue: RevenueResponse, groupBy: RevenueGroupBy): string {
  return toCsv(revenueCsvHeaders(groupBy, revenue.currency), [
    ...revenue.rows.map((row) => [row.label, row.key, row.earnings, row.quantity, row.perUnit, '']),
    [
      'Total',
      '',
      revenue.total,
      revenue.quantity,
      '',
      `${revenue.range.from} to ${revenue.range.to}`,
    ],
    ...revenue.excluded.map((excluded) => [
      'Not in total',
      excluded.currency,
      '',
      '',
      '',
      `${excluded.amount} ${excluded.currency} over ${excluded.lines} lines with no rate in their statement`,
    ]),
  ]);
}
