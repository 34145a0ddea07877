/** Money as the artist reads it: always in the answer's own currency, never converted here. */

import { MISSING_VALUE } from './format';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(key: string, build: () => Intl.NumberFormat): Intl.NumberFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

function formatWith(amount: number, currency: string, options: Intl.NumberFormatOptions): string {
  try {
    const key = `${currency}|${JSON.stringify(options)}`;
    return formatterFor(
      key,
      () => new Intl.NumberFormat(undefined, { style: 'currency', currency, ...options }),
    ).format(amount);
  } catch {
    // A code Intl does not know (a statement's own spelling) is still shown, with its code.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** "$1,234.56" in `currency`; absent amounts are "—", never $0. */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return MISSING_VALUE;
  return formatWith(amount, currency, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * Pay per stream or sale: a stream pays fractions of a cent, so small amounts keep two
 * significant digits ("$0.0031") where a rounded "$0.00" would say nothing.
 */
export function formatPerUnitMoney(amount: number | null | undefined, currency: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return MISSING_VALUE;
  if (amount !== 0 && Math.abs(amount) < 0.1) {
    return formatWith(amount, currency, {
      minimumSignificantDigits: 2,
      maximumSignificantDigits: 2,
    });
  }
  return formatMoney(amount, currency);
}

const longMonth = new Intl.DateTimeFormat(undefined, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A month key ("2026-03" or "2026-03-31") as "March 2026", read in UTC. */
export function formatMonth(month: string): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : longMonth.format(date);
}
