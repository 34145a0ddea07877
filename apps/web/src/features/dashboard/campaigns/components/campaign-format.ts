/** Intl formatting for the ROI screen. Absent figures are "—" (never 0), explained nearby. */

import { MISSING_VALUE } from '@/lib/format';

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, options: Intl.NumberFormatOptions = {}) {
  const key = `${currency}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(undefined, { style: 'currency', currency, ...options });
    } catch {
      // Not a currency Intl knows: show the code beside a plain number.
      const plain = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2, ...options });
      formatter = {
        format: (value: number) => `${currency} ${plain.format(value)}`,
      } as Intl.NumberFormat;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatMoney(value: number | null, currency: string): string {
  return value === null ? MISSING_VALUE : currencyFormat(currency).format(value);
}

/** A lift in money, signed: "+$12.00", "−$3.50" (below the usual pace stays negative). */
export function formatSignedMoney(value: number | null, currency: string): string {
  return value === null
    ? MISSING_VALUE
    : currencyFormat(currency, { signDisplay: 'exceptZero' }).format(value);
}

/** Green at or above zero, red below: for lifts and ROI. */
export function signTone(value: number | null): string | undefined {
  return value === null
    ? undefined
    : value >= 0
      ? 'text-emerald-700 dark:text-emerald-400'
      : 'text-red-700 dark:text-red-400';
}

/** Big totals read better short: $12.4K. */
export function formatCompactMoney(value: number | null, currency: string): string {
  if (value === null) return MISSING_VALUE;
  if (Math.abs(value) < 10_000) return formatMoney(value, currency);
  return currencyFormat(currency, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

const roiFormat = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** 0.253 → "+25.3%"; null (nothing spent) → "—". */
export function formatRoi(value: number | null): string {
  return value === null ? MISSING_VALUE : roiFormat.format(value);
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A campaign's inclusive days, e.g. "Mar 1, 2026 – Mar 14, 2026". */
export function formatDayRange(start: string, end: string): string {
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(`${end}T00:00:00Z`);
  return start === end ? dayFormat.format(from) : dayFormat.formatRange(from, to);
}
