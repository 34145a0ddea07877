/*
 * The period presets every analytics page, reader and export offers: one table of what each
 * means (its days) and says (its label). No zod here, so pages that load no zod (the public
 * share page, decision 0020) can import it through `@crescendo/contracts/range-presets`.
 */

export const rangePresets = ['7d', '28d', '90d', '365d', 'all'] as const;
export type RangePreset = (typeof rangePresets)[number];

/** Days in each preset; "all" has no fixed length (all the history the plan keeps). */
export const rangePresetDays: Record<Exclude<RangePreset, 'all'>, number> = {
  '7d': 7,
  '28d': 28,
  '90d': 90,
  '365d': 365,
};

export const rangePresetLabels: Record<RangePreset, string> = {
  '7d': 'Last 7 days',
  '28d': 'Last 28 days',
  '90d': 'Last 90 days',
  '365d': 'Last 12 months',
  all: 'All time',
};

export const defaultRangePreset: RangePreset = '28d';

/** The label "All time" gets when the plan's history window cut it short. */
export function describeHistoryLimit(limit: { since: string; days: number }): string {
  return `since ${limit.since} (your plan keeps ${limit.days} days)`;
}
