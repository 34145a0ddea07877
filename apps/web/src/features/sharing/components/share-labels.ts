import type { AnalyticsPlatform, RangePreset, ShareView } from '@crescendo/contracts';
import { periodLabels } from '@/lib/analytics/period';
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

export function describeWindow(window: {
  range: RangePreset | null;
  from: string | null;
  to: string | null;
}): string {
  if (window.range) return periodLabels[window.range];
  return `${window.from ?? 'The start'} to ${window.to ?? 'the latest day'}`;
}
