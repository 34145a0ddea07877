export type DailyValue = { day: string; value: number | null };

export type Spike = {
  day: string;
  /** `up`: far above the baseline; `down`: far below it (a notable drop). */
  direction: 'up' | 'down';
  value: number;
  baseline: number;
  /** How many robust standard deviations above the baseline. */
  score: number;
  /** value / baseline (Infinity when the baseline is 0). */
  ratio: number;
};

export type SpikeOptions = {
  /** Days before each day that form its baseline. */
  windowDays?: number;
  /** Fewest known days in the window before a day can be judged. */
  minHistory?: number;
  /** Robust z-score a spike must reach. */
  threshold?: number;
  /** A spike must also be at least this multiple of the baseline… */
  minRatio?: number;
  /** …and at least this much above it, so tiny series do not flicker. */
  minIncrease?: number;
  /** A drop must also be at most this fraction of the baseline (and `minIncrease` below it). */
  maxDropRatio?: number;
};

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Days far above (spikes) or far below (drops) their recent baseline. The baseline is the median of the preceding window and
 * the spread its median absolute deviation, so earlier spikes inside the window barely move
 * either (robust to outliers). Unknown days (null) are skipped, never read as zero.
 */
export function detectSpikes(series: DailyValue[], options: SpikeOptions = {}): Spike[] {
  const windowDays = options.windowDays ?? 28;
  const minHistory = options.minHistory ?? 14;
  const threshold = options.threshold ?? 6;
  const minRatio = options.minRatio ?? 1.8;
  const minIncrease = options.minIncrease ?? 50;
  const maxDropRatio = options.maxDropRatio ?? 0.5;
  const spikes: Spike[] = [];
  for (let index = 0; index < series.length; index += 1) {
    const current = series[index]!;
    if (current.value === null) continue;
    const window = series
      .slice(Math.max(0, index - windowDays), index)
      .map((entry) => entry.value)
      .filter((value): value is number => value !== null);
    if (window.length < minHistory) continue;
    const sorted = [...window].sort((a, b) => a - b);
    const baseline = median(sorted);
    const deviation = median(
      sorted.map((value) => Math.abs(value - baseline)).sort((a, b) => a - b),
    );
    // 1.4826 turns the MAD into a standard-deviation estimate; the floor keeps flat series judgeable.
    const scale = Math.max(1.4826 * deviation, Math.sqrt(Math.max(baseline, 1)), 1);
    const score = (current.value - baseline) / scale;
    const ratio = baseline > 0 ? current.value / baseline : Number.POSITIVE_INFINITY;
    const isUp = score >= threshold && ratio >= minRatio && current.value - baseline >= minIncrease;
    const isDown =
      score <= -threshold && ratio <= maxDropRatio && baseline - current.value >= minIncrease;
    if (isUp || isDown) {
      spikes.push({
        day: current.day,
        direction: isUp ? 'up' : 'down',
        value: current.value,
        baseline,
        score: Number(score.toFixed(2)),
        ratio,
      });
    }
  }
  return spikes;
}
