import { hash3 } from '../random';

/** Daily activity series behind Meta insights: the Instagram account's and the Facebook Page's. */

/** One day of account-level activity. All values are integers. */
export type IgDay = {
  reach: number;
  views: number;
  accountsEngaged: number;
  likes: number;
  comments: number;
  saves: number;
  shares: number;
  replies: number;
  totalInteractions: number;
  profileLinksTaps: number;
  follows: number;
  unfollows: number;
};

/** Share of a release's boost left after `age` days; releases lift every daily series. */
function releaseBoost(releaseDays: readonly number[], day: number): number {
  let boost = 1;
  for (const release of releaseDays) {
    const age = day - release;
    if (age >= 0 && age < 60) boost += 0.9 * Math.exp(-age / 8);
  }
  return boost;
}

/**
 * Daily Instagram account activity: a pure function of (seed, day), cached. Follower count at any
 * day is the anchor-day target adjusted by the net follows since, so `followers_count` and the
 * `follows_and_unfollows` / `follower_count` series agree.
 */
export class InstagramActivity {
  private readonly cache = new Map<number, IgDay>();

  constructor(
    private readonly seed: number,
    private readonly anchorDay: number,
    private readonly dailyReach: number,
    private readonly anchorFollowers: number,
    private readonly releaseDays: readonly number[],
  ) {}

  day(day: number): IgDay {
    const cached = this.cache.get(day);
    if (cached) return cached;
    const u = (salt: number): number => hash3(this.seed, day, salt) / 4294967296;
    const weekly = [1.1, 0.95, 0.93, 0.96, 0.98, 1.02, 1.08][(((day + 4) % 7) + 7) % 7] ?? 1;
    const level =
      this.dailyReach * weekly * releaseBoost(this.releaseDays, day) * (0.8 + 0.4 * u(1));
    const reach = Math.floor(level + u(2));
    const likes = Math.floor(reach * (0.07 + 0.03 * u(3)) + u(4));
    const comments = Math.floor(likes * 0.04 + u(5));
    const saves = Math.floor(likes * 0.09 + u(6));
    const shares = Math.floor(likes * 0.06 + u(7));
    const replies = Math.floor(reach * 0.002 + u(8));
    const follows = Math.floor(reach * (0.003 + 0.002 * u(9)) + u(10));
    const value: IgDay = {
      reach,
      views: Math.floor(reach * (2.1 + 0.8 * u(11))),
      accountsEngaged: Math.floor(reach * (0.05 + 0.03 * u(12)) + u(13)),
      likes,
      comments,
      saves,
      shares,
      replies,
      // Meta defines total_interactions as the sum of these interaction types.
      totalInteractions: likes + comments + saves + shares + replies,
      profileLinksTaps: Math.floor(reach * 0.004 + u(14)),
      follows,
      unfollows: Math.floor(follows * (0.25 + 0.15 * u(15)) + u(16)),
    };
    this.cache.set(day, value);
    return value;
  }

  followersAt(day: number): number {
    let followers = this.anchorFollowers;
    for (let d = this.anchorDay + 1; d <= day; d += 1) {
      const { follows, unfollows } = this.day(d);
      followers += follows - unfollows;
    }
    for (let d = day + 1; d <= this.anchorDay; d += 1) {
      const { follows, unfollows } = this.day(d);
      followers -= follows - unfollows;
    }
    return Math.max(0, followers);
  }
}

export type PageDay = {
  mediaViewsUnique: number;
  mediaViews: number;
  postEngagements: number;
  dailyFollows: number;
  dailyUnfollows: number;
};

export class PageActivity {
  private readonly cache = new Map<number, PageDay>();

  constructor(
    private readonly seed: number,
    private readonly anchorDay: number,
    private readonly dailyMediaViews: number,
    private readonly anchorFollowers: number,
    private readonly releaseDays: readonly number[],
  ) {}

  day(day: number): PageDay {
    const cached = this.cache.get(day);
    if (cached) return cached;
    const u = (salt: number): number => hash3(this.seed ^ 0xfa9e, day, salt) / 4294967296;
    const unique = Math.floor(
      this.dailyMediaViews * releaseBoost(this.releaseDays, day) * (0.8 + 0.4 * u(1)) + u(2),
    );
    const follows = Math.floor(unique * 0.002 + u(3));
    const value: PageDay = {
      mediaViewsUnique: unique,
      mediaViews: Math.floor(unique * (1.4 + 0.5 * u(4))),
      postEngagements: Math.floor(unique * (0.03 + 0.02 * u(5)) + u(6)),
      dailyFollows: follows,
      dailyUnfollows: Math.floor(follows * 0.3 + u(7)),
    };
    this.cache.set(day, value);
    return value;
  }

  followersAt(day: number): number {
    let followers = this.anchorFollowers;
    for (let d = this.anchorDay + 1; d <= day; d += 1) {
      const { dailyFollows, dailyUnfollows } = this.day(d);
      followers += dailyFollows - dailyUnfollows;
    }
    for (let d = day + 1; d <= this.anchorDay; d += 1) {
      const { dailyFollows, dailyUnfollows } = this.day(d);
      followers -= dailyFollows - dailyUnfollows;
    }
    return Math.max(0, followers);
  }
}
