/** Calendar helpers. The sandbox works in whole UTC days, numbered from the Unix epoch. */

export const DAY_MS = 86_400_000;

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function formatMonth(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 7);
}

/** Parses a strict YYYY-MM-DD date; returns null for anything else (including 2024-02-30). */
export function parseDay(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  if (formatDay(ms / DAY_MS) !== text) return null;
  return ms / DAY_MS;
}

/** Google's RFC 3339 timestamps, e.g. 2024-05-01T17:03:11Z. */
export function formatGoogleTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Meta's timestamps, e.g. 2024-05-01T17:03:11+0000. */
export function formatMetaTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/** ISO 8601 duration as YouTube writes it: PT3M41S, PT45S, PT1H2M3S. */
export function formatIsoDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  let out = 'PT';
  if (hours > 0) out += `${hours}H`;
  if (minutes > 0) out += `${minutes}M`;
  if (seconds > 0 || out === 'PT') out += `${seconds}S`;
  return out;
}

/**
 * YouTube quota resets at midnight Pacific time. A fixed UTC-8 offset is close enough for a test
 * double and keeps the reset independent of daylight-saving rules.
 */
export function pacificDayKey(ms: number): string {
  return formatDay(dayOf(ms - 8 * 3_600_000));
}
