import { analyticsPlatformNames } from '@crescendo/contracts';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An exact figure as people write it: 12,345 (never only 12.3K); decimals kept up to two. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** A signed count: +1,234 or −56. */
export function formatSigned(value: number): string {
  return `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatCount(Math.abs(value))}`;
}

/** A ratio (0.1234) as a percentage with one decimal: 12.3 %. */
export function formatPercent(ratio: number, digits = 1): string {
  return `${(ratio * 100).toFixed(digits)} %`;
}

export function formatChange(ratio: number): string {
  const sign = ratio > 0 ? '+' : ratio < 0 ? '−' : '';
  return `${sign}${formatPercent(Math.abs(ratio))}`;
}

export function formatMoney(value: number, currency = 'USD'): string {
  const amount = value.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return currency === 'USD' ? `$${amount}` : `${amount} ${currency}`;
}

/** 2025-06-13 → 13 Jun 2025. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} ${months[Number(month) - 1]} ${year}`;
}

export function formatWindow(window: { from: string; to: string }): string {
  return window.from === window.to
    ? `on ${formatDay(window.from)}`
    : `from ${formatDay(window.from)} to ${formatDay(window.to)}`;
}

/**
 * Platform text (titles, descriptions) is untrusted: quoted as plain text with every markdown
 * character escaped, so it can neither format the answer nor pass for the assistant's words.
 */
export function quoteTitle(title: string): string {
  const plain = title
    // Control characters (newlines included) would let a title start its own markdown block.
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = plain.length > 120 ? `${plain.slice(0, 119)}…` : plain;
  return `“${short.replace(/[\\`*_{}[\]()<>#+\-!|~]/g, '\\$&')}”`;
}

export const platformNames = { all: 'all platforms', ...analyticsPlatformNames };
export type PlatformChoice = keyof typeof platformNames;

/** Pay per stream or sale: fractions of a cent matter, so up to 8 decimals ($0.00412345). */
export function formatPerUnit(value: number, currency = 'USD'): string {
  const amount = value.toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 8,
  });
  return currency === 'USD' ? `$${amount}` : `${amount} ${currency}`;
}
