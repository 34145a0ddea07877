/** A country's views now and in the 28 days before, with the relative change (null: new). */
export type CountryGrowth = { country: string; views: number; growth: number | null };

/**
 * Fastest growth first: countries new in this period (no views before, so no finite growth) lead,
 * then growth, then views, then the country code, so equal figures never depend on the order the
 * rows were read in.
 */
export function byFastestGrowth(a: CountryGrowth, b: CountryGrowth): number {
  if (a.growth !== b.growth) {
    if (a.growth === null) return -1;
    if (b.growth === null) return 1;
    return b.growth - a.growth;
  }
  if (a.views !== b.views) return b.views - a.views;
  return a.country < b.country ? -1 : a.country > b.country ? 1 : 0;
}
