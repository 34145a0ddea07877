/** A calendar day in milliseconds (days here are UTC, so every one is this long). */
export const dayMs = 86_400_000;

/** YYYY-MM-DD `days` before/after `day` (calendar arithmetic in UTC). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
