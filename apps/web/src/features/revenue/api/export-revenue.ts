import type { RevenueGroupBy, RevenueResponse } from '@crescendo/contracts';
import { toMonthFigures } from '../utils/revenue-months';

/** e.g. `crescendo-revenue-store-2026-11-22.csv`, dated with the artist's local day. */
export function toRevenueCsvFileName(groupBy: RevenueGroupBy, now = new Date()): string {
  const day = [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-');
  return `crescendo-revenue-${groupBy}-${day}.csv`;
}

/** A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) is quoted as text. */
function toTextCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const toNumberCell = (value: number | null) => (value === null ? '' : String(value));

/**
 * The grouped table as CSV, built from the answer on screen (the same figures, the same rows):
 * months no statement has reached are left empty with a note, never written as 0.
 */
export function buildRevenueCsv(response: RevenueResponse, groupBy: RevenueGroupBy): string {
  const header = [
    'Group',
    'Key',
    'Label',
    `Earnings (${response.currency})`,
    'Quantity',
    'Per unit',
    'Note',
  ];
  const lines = [header.map(toTextCell).join(',')];
  if (groupBy === 'month') {
    for (const figure of toMonthFigures(response)) {
      const note =
        figure.earnings === null ? 'not reported yet' : figure.isPartial ? 'partly reported' : '';
      lines.push(
        [
          toTextCell(groupBy),
          toTextCell(figure.month),
          toTextCell(figure.month),
          toNumberCell(figure.earnings),
          toNumberCell(figure.quantity),
          toNumberCell(figure.perUnit),
          toTextCell(note),
        ].join(','),
      );
    }
  } else {
    for (const row of response.rows) {
      lines.push(
        [
          toTextCell(groupBy),
          toTextCell(row.key),
          toTextCell(row.label),
          toNumberCell(row.earnings),
          toNumberCell(row.quantity),
          toNumberCell(row.perUnit),
          '',
        ].join(','),
      );
    }
  }
  for (const excluded of response.excluded) {
    lines.push(
      [
        toTextCell('excluded'),
        toTextCell(excluded.currency),
        toTextCell(`${excluded.lines} lines in ${excluded.currency}, not converted`),
        '',
        '',
        '',
        toTextCell(`${excluded.amount} ${excluded.currency} left out of the total`),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function exportRevenueCsv(response: RevenueResponse, groupBy: RevenueGroupBy): Blob {
  return new Blob([buildRevenueCsv(response, groupBy)], { type: 'text/csv;charset=utf-8' });
}
