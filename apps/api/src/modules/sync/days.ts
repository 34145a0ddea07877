import { addDays, dayMs } from '../../lib/days';

// `YYYY-MM-DD` days: the platforms' daily reports are keyed this way.
export { addDays, formatDay } from '../../lib/days';

export function listDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** YouTube quotas reset at midnight Pacific time. */
export function nextPacificMidnight(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const read = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const elapsedMs = ((read('hour') * 60 + read('minute')) * 60 + read('second')) * 1000;
  // A minute of slack so the retry lands after the reset, not on it.
  return new Date(now.getTime() - elapsedMs + dayMs + 60_000);
}

/** Runs `task` over `items` with at most `limit` in flight, keeping result order. */
export async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index]!);
      // Syncs share the process with the API (and, embedded, with the sandbox): let pending
      // I/O such as incoming requests run between upstream calls.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  await Promise.all(workers);
  return results;
}

/** `items` in runs of at most `size`. */
export function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Consecutive days (`YYYY-MM-DD`, ascending) in runs of one calendar month each: content items
 * keep a row per month (decision 0037), so a backfill chunk that is a whole month writes each
 * item's month once instead of rewriting it in the next chunk.
 */
export function chunkByMonth(days: string[]): string[][] {
  const chunks: string[][] = [];
  for (const day of days) {
    const last = chunks.at(-1);
    if (last && last[0]!.slice(0, 7) === day.slice(0, 7)) last.push(day);
    else chunks.push([day]);
  }
  return chunks;
}
