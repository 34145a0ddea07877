import { hash3 } from '../random';
import type { Video } from './youtube-model';

type SeriesInput = {
  seed: number;
  startDay: number;
  anchorDay: number;
  videos: readonly Video[];
  releaseDays: readonly number[];
  targetLifetimeViews: number;
};

const WEEKLY = [1.12, 0.95, 0.93, 0.95, 0.97, 1.0, 1.08]; // Sunday first

/**
 * Daily views per video, generated lazily and cached as cumulative counts. A day's views are a
 * pure function of (seed, video, day), so extending the horizon never changes earlier days.
 */
export class ChannelSeries {
  private horizonDay: number;
  private readonly cumulative = new Map<number, Float64Array>();
  private boost: Float64Array = new Float64Array(0);
  private readonly decay: Float64Array[];
  private readonly decayCumulative: Float64Array[];
  private readonly scale: number;
  private readonly seriesSeed: number;

  constructor(private readonly input: SeriesInput) {
    this.seriesSeed = input.seed ^ 0x5eed;
    this.horizonDay = input.anchorDay + 400;
    this.decay = [
      (a: number) => 0.7 * Math.exp(-a / 3) + 0.25 * Math.exp(-a / 40) + 0.05 / (1 + a / 200),
      (a: number) => 0.85 * Math.exp(-a / 1.5) + 0.12 * Math.exp(-a / 15) + 0.03 / (1 + a / 100),
      (a: number) => 0.9 * Math.exp(-a) + 0.08 * Math.exp(-a / 30) + 0.02 / (1 + a / 300),
    ].map((curve) => {
      const table = new Float64Array(input.anchorDay - input.startDay + 4000);
      for (let a = 0; a < table.length; a += 1) table[a] = curve(a);
      return table;
    });
    this.decayCumulative = this.decay.map((table) => {
      const sums = new Float64Array(table.length);
      let sum = 0;
      table.forEach((value, a) => {
        sum += value;
        sums[a] = sum;
      });
      return sums;
    });
    this.buildBoost();
    this.cachedMeanBoost = this.computeMeanBoost();
    let expected = 0;
    for (const video of input.videos) expected += this.unscaledLifetime(video);
    this.scale = input.targetLifetimeViews / (expected || 1);
  }

  get startDay(): number {
    return this.input.startDay;
  }

  /** Expected lifetime views at the anchor day (used only for calibration). */
  expectedLifetimeViews(video: Video): number {
    return this.unscaledLifetime(video) * this.scale;
  }

  /** Views of the video from publication through the given day (inclusive). */
  cumulativeViews(video: Video, day: number): number {
    if (day < video.publishDay) return 0;
    if (day > this.horizonDay) this.extendHorizon(day);
    const table = this.tableFor(video);
    return table[day - video.publishDay] ?? 0;
  }

  /** floor(rate × cumulative views): the cumulative value of one additive metric. */
  cumulativeMetric(video: Video, metricIndex: number, day: number): number {
    const views = this.cumulativeViews(video, day);
    return metricIndex === 0 ? views : Math.floor((video.rates[metricIndex] ?? 0) * views);
  }

  /** Direct access for hot loops; valid for days in [publishDay, horizon]. */
  tableFor(video: Video): Float64Array {
    let table = this.cumulative.get(video.index);
    if (!table) {
      table = this.generate(video);
      this.cumulative.set(video.index, table);
    }
    return table;
  }

  ensureHorizon(day: number): void {
    if (day > this.horizonDay) this.extendHorizon(day);
  }

  private extendHorizon(day: number): void {
    this.horizonDay = day + 400;
    this.cumulative.clear();
    this.buildBoost();
  }

  private unscaledLifetime(video: Video): number {
    const sums = this.decayCumulative[video.typeIndex] ?? this.decayCumulative[0]!;
    const age = Math.min(this.input.anchorDay - video.publishDay, sums.length - 1);
    return video.base * (age < 0 ? 0 : (sums[age] ?? 0)) * this.cachedMeanBoost;
  }

  private cachedMeanBoost = 1;

  private computeMeanBoost(): number {
    let sum = 0;
    const end = this.input.anchorDay - this.input.startDay;
    for (let i = 0; i <= end; i += 1) sum += this.boost[i] ?? 1;
    return sum / (end + 1);
  }

  private buildBoost(): void {
    const length = this.horizonDay - this.input.startDay + 1;
    const boost = new Float64Array(length);
    const releases = new Set(this.input.releaseDays);
    let carry = 0;
    const fade = Math.exp(-1 / 10);
    for (let i = 0; i < length; i += 1) {
      carry = carry * fade + (releases.has(this.input.startDay + i) ? 0.9 : 0);
      boost[i] = 1 + carry;
    }
    this.boost = boost;
  }

  private generate(video: Video): Float64Array {
    const length = Math.max(0, this.horizonDay - video.publishDay + 1);
    const table = new Float64Array(length);
    const decay = this.decay[video.typeIndex] ?? this.decay[0]!;
    const lastDecay = decay.length - 1;
    const base = video.base * this.scale;
    const boostOffset = video.publishDay - this.input.startDay;
    let cumulative = 0;
    for (let i = 0; i < length; i += 1) {
      const day = video.publishDay + i;
      const h = hash3(this.seriesSeed, video.index, day);
      const noise = 0.75 + 0.5 * ((h >>> 16) / 65536);
      const rounding = (h & 0xffff) / 65536;
      const expected =
        base *
        (decay[i < lastDecay ? i : lastDecay] ?? 0) *
        (WEEKLY[(((day + 4) % 7) + 7) % 7] ?? 1) *
        (this.boost[boostOffset + i] ?? 1);
      cumulative += Math.floor(expected * noise + rounding);
      table[i] = cumulative;
    }
    return table;
  }
}
