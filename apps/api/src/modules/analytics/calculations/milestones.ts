/** 100, 250, 500, 1k, 2.5k, 5k, 10k … up to 1 billion. */
export const milestoneLadder: number[] = (() => {
  const ladder: number[] = [];
  for (let power = 100; power <= 1_000_000_000; power *= 10)
    ladder.push(power, power * 2.5, power * 5);
  return ladder.filter((value) => value <= 1_000_000_000);
})();

/** Milestones passed going from `before` to `after` (exclusive of `before`, inclusive of `after`). */
export function milestonesCrossed(before: number, after: number): number[] {
  // Only a rise can cross a milestone.
  if (after <= before) return [];
  return milestoneLadder.filter((milestone) => milestone > before && milestone <= after);
}

export type MilestoneForecast = {
  current: number;
  next: number;
  /** Net gained per day over the last 28 days. */
  dailyPace: number;
  daysToNext: number | null;
  expectedDate: string | null;
};

/** The next milestone and when it arrives at the current 28-day pace (null when not growing). */
export function forecastNextMilestone(
  current: number,
  twentyEightDaysAgo: number,
  today: string,
): MilestoneForecast | null {
  const next = milestoneLadder.find((milestone) => milestone > current);
  if (next === undefined) return null;
  const dailyPace = (current - twentyEightDaysAgo) / 28;
  if (dailyPace <= 0)
    return {
      current,
      next,
      dailyPace: Number(dailyPace.toFixed(4)),
      daysToNext: null,
      expectedDate: null,
    };
  const daysToNext = Math.ceil((next - current) / dailyPace);
  const expectedDate = new Date(Date.parse(`${today}T00:00:00Z`) + daysToNext * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return { current, next, dailyPace: Number(dailyPace.toFixed(4)), daysToNext, expectedDate };
}
