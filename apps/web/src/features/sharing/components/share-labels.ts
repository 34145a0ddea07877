import type { AnalyticsPlatform, RangePreset, ShareView } from '@crescendo/contracts';
import { platformNames } from '@/lib/platforms';

export const viewNames: Record<ShareView, string> = {
  overview: 'Overview',
  audience: 'Audience',
  content: 'Content',
};

export { platformNames };

/** A link's platforms as a short list: "YouTube + Instagram". */
export function describePlatforms(platforms: readonly AnalyticsPlatform[]): string {
  return platforms.map((platform) => platformNames[platform]).join(' + ');
}

/** "Verified from connected YouTube / Instagram accounts": only the platforms in the view. */
export function describeVerifiedPlatforms(platforms: AnalyticsPlatform[]): string {
  return `Verified from connected ${platforms.map((platform) => platformNames[platform]).join(' / ')} accounts`;
}

const windowNames: Record<RangePreset, string> = {
  '7d': 'Last 7 days',
  '28d': 'Last 28 days',
  '90d': 'Last 90 days',
  '365d': 'Last 12 months',
  all: 'All time',
};

export function describeWindow(window: {
  range: RangePreset | null;
  from: string | null;
  to: string | null;
}): string {
  if (window.range) return windowNames[window.range];
  return `${window.from ?? 'The start'} to ${window.to ?? 'the latest day'}`;
}
