import type { KpiSet } from '@crescendo/contracts';

export type PlatformGrowth = {
  platform: string;
  followersAtStart: number | null;
  followersNow: number | null;
  followersNet: number | null;
  /** Net new followers against the followers on the window's first day (0.05 = 5 %). */
  followerGrowthRate: number | null;
  views: number | null;
  previousViews: number | null;
  /** Views against the previous equal window (0.1 = 10 % more). */
  viewsGrowthRate: number | null;
};

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Each platform's growth over the window, from the dashboard's own figures: a rate, so a small
 * account that grows fast is not hidden behind a big one that grows slowly.
 */
export function growthOf(byPlatform: Partial<Record<string, KpiSet>>): PlatformGrowth[] {
  return Object.entries(byPlatform).map(([platform, kpis]) => {
    const now = kpis!.followers.total;
    const net = kpis!.followers.net.value;
    const atStart = now !== null && net !== null ? now - net : null;
    return {
      platform,
      followersAtStart: atStart,
      followersNow: now,
      followersNet: net,
      followerGrowthRate: atStart && net !== null ? round4(net / atStart) : null,
      views: kpis!.views.value,
      previousViews: kpis!.views.previous,
      viewsGrowthRate: kpis!.views.change,
    };
  });
}
