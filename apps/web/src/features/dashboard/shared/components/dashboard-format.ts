/** Formatting particular to the dashboard; the common helpers are in `@/lib/format`. */

import { platformNames } from '@/lib/platforms';
import type { DashboardPlatform } from '../utils/dashboard-filters';
import {
  formatFullNumber,
  formatLongDay,
  isPresent,
  MISSING_VALUE,
  type MaybeNumber,
} from '@/lib/format';

const signedPercent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const engagementPercent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const compactHours = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  maximumFractionDigits: 1,
  style: 'unit',
  unit: 'hour',
  unitDisplay: 'short',
});
// Platforms report estimated revenue in US dollars.
const usd = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const usdCompact = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A relative change (0.123) as "+12.3%". */
export function formatChange(value: MaybeNumber): string {
  return isPresent(value) ? signedPercent.format(value) : MISSING_VALUE;
}

/** Engagements per view (0.0412) as "4.12%". */
export function formatRate(value: MaybeNumber): string {
  return isPresent(value) ? engagementPercent.format(value) : MISSING_VALUE;
}

/**
 * Watch time arrives in minutes; artists think in hours. One decimal throughout ("305.2 hr"),
 * where the platform pages' `formatWatchHours` rounds from 10 hours on.
 */
export function formatWatchHours(minutes: MaybeNumber): string {
  return isPresent(minutes) ? compactHours.format(minutes / 60) : MISSING_VALUE;
}

export function formatRevenue(value: MaybeNumber, { compact = false } = {}): string {
  if (!isPresent(value)) return MISSING_VALUE;
  return compact && Math.abs(value) >= 10_000 ? usdCompact.format(value) : usd.format(value);
}

export { platformNames };

/**
 * The platform filter's choices in words. Here, not beside the filters' parsing: that runs in
 * the start-up chunk (the overview's early request), which needs no names.
 */
export const platformLabels: Record<DashboardPlatform, string> = {
  all: 'All platforms',
  ...platformNames,
};

/** The period a relative change is measured against, in the artist's words. */
export function describePreviousPeriod(days: number): string {
  if (days === 7) return 'previous 7 days';
  if (days === 365) return 'previous 12 months';
  return `previous ${formatFullNumber(days)} days`;
}

/** Server-written copy carries ISO days ("spiked on 2026-10-04"); show them as dates. */
export function formatDaysInText(text: string): string {
  return text.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (day) => formatLongDay(day));
}
