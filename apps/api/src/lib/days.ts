const dayMs = 86_400_000;

/**
 * `YYYY-MM-DD` of a UTC date: what `toISOString().slice(0, 10)` gives, at a fraction of its cost
 * (≈ 1 µs a call, which made day walks the bulk of the dashboard's own work in profiles).
 */
export function formatDay(date: Date): string {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return date.toISOString().slice(0, 10);
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

export function addDays(day: string, count: number): string {
  return formatDay(new Date(Date.parse(`${day}T00:00:00Z`) + count * dayMs));
}
