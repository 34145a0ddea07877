import type { FacebookPage } from '../personas/facebook-page';
import type { IgMedia } from '../personas/instagram-account';
import type { IgDay } from '../personas/meta-activity';

/** The insight metrics the sandbox serves, with Meta's titles and descriptions and their sources. */
export type Breakdown = { values: string[]; weights: number[] };
const MEDIA_PRODUCT_TYPE: Breakdown = {
  values: ['AD', 'CAROUSEL_CONTAINER', 'POST', 'REEL', 'STORY'],
  weights: [0.02, 0.1, 0.25, 0.5, 0.13],
};
const FOLLOW_SPLIT: Breakdown = { values: ['FOLLOWER', 'NON_FOLLOWER'], weights: [0.38, 0.62] };
const CONTACT_BUTTON: Breakdown = {
  values: ['BOOK_NOW', 'CALL', 'DIRECTION', 'EMAIL', 'INSTANT_EXPERIENCE', 'TEXT', 'UNDEFINED'],
  weights: [0.01, 0.02, 0.03, 0.12, 0.01, 0.02, 0.79],
};

export type DayMetric = {
  title: string;
  description: string;
  read: (day: IgDay) => number;
  /** Unique-account counts: a range total is smaller than the sum of its days. */
  isUnique?: boolean;
  isTimeSeriesAllowed?: boolean;
  isTimeSeriesOnly?: boolean;
  needsFollowers?: boolean;
  breakdowns?: Record<string, Breakdown>;
};

export const USER_DAY_METRICS: Record<string, DayMetric> = {
  reach: {
    title: 'Accounts reached',
    description:
      'The number of unique accounts that have seen your content, at least once, including in ads.',
    read: (d) => d.reach,
    isUnique: true,
    isTimeSeriesAllowed: true,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE, follow_type: FOLLOW_SPLIT },
  },
  views: {
    title: 'Views',
    description: 'The number of times your content was played or displayed.',
    read: (d) => d.views,
    breakdowns: { follower_type: FOLLOW_SPLIT, media_product_type: MEDIA_PRODUCT_TYPE },
  },
  accounts_engaged: {
    title: 'Accounts engaged',
    description: 'The number of accounts that have interacted with your content, including in ads.',
    read: (d) => d.accountsEngaged,
    isUnique: true,
  },
  total_interactions: {
    title: 'Content interactions',
    description:
      'The total number of post interactions, story interactions, reels interactions, video interactions and live video interactions, including any interactions on boosted content.',
    read: (d) => d.totalInteractions,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  likes: {
    title: 'Likes',
    description: 'The number of likes on your posts, reels and videos.',
    read: (d) => d.likes,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  comments: {
    title: 'Comments',
    description: 'The number of comments on your posts, reels, videos and live videos.',
    read: (d) => d.comments,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  saves: {
    title: 'Saves',
    description: 'The number of saves of your posts, reels and videos.',
    read: (d) => d.saves,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  shares: {
    title: 'Shares',
    description: 'The number of shares of your posts, stories, reels, videos and live videos.',
    read: (d) => d.shares,
    breakdowns: { media_product_type: MEDIA_PRODUCT_TYPE },
  },
  replies: {
    title: 'Replies',
    description:
      'The number of replies you received from your story, including text replies and quick reaction replies.',
    read: (d) => d.replies,
  },
  profile_links_taps: {
    title: 'Profile links taps',
    description:
      'The number of taps on your business address, call button, email button and text button.',
    read: (d) => d.profileLinksTaps,
    breakdowns: { contact_button_type: CONTACT_BUTTON },
  },
  follows_and_unfollows: {
    title: 'Follows and unfollows',
    description:
      'The number of accounts that followed you and the number of accounts that unfollowed you or left Instagram in the selected time period.',
    read: (d) => d.follows + d.unfollows,
    needsFollowers: true,
    breakdowns: { follow_type: FOLLOW_SPLIT },
  },
  follower_count: {
    title: 'Follower Count',
    description: 'Total number of unique accounts following this profile',
    read: (d) => d.follows,
    isTimeSeriesAllowed: true,
    isTimeSeriesOnly: true,
    needsFollowers: true,
  },
};
export const DEMOGRAPHIC_METRICS: Record<string, { title: string; description: string }> = {
  follower_demographics: {
    title: 'Follower demographics',
    description:
      'The demographic characteristics of followers, including countries, cities and gender distribution.',
  },
  engaged_audience_demographics: {
    title: 'Engaged audience demographics',
    description:
      'The demographic characteristics of the engaged audience, including countries, cities and gender distribution.',
  },
};
export const VALID_USER_METRICS = [
  ...Object.keys(USER_DAY_METRICS),
  ...Object.keys(DEMOGRAPHIC_METRICS),
];

export const MEDIA_METRICS: Record<
  string,
  { title: string; description: string; read: (m: IgMedia) => number; isReelsOnly?: boolean }
> = {
  reach: {
    title: 'Accounts reached',
    description:
      'The number of unique accounts that have seen this content, at least once, including in ads.',
    read: (m) => m.reach,
  },
  views: {
    title: 'Views',
    description: 'The number of times this content was played or displayed.',
    read: (m) => m.views,
  },
  likes: {
    title: 'Likes',
    description: 'The number of likes on this content.',
    read: (m) => m.likes,
  },
  comments: {
    title: 'Comments',
    description: 'The number of comments on this content.',
    read: (m) => m.comments,
  },
  saved: {
    title: 'Saves',
    description: 'The number of saves of this content.',
    read: (m) => m.saved,
  },
  shares: {
    title: 'Shares',
    description: 'The number of shares of this content.',
    read: (m) => m.shares,
  },
  total_interactions: {
    title: 'Interactions',
    description:
      'The number of likes, saves, comments and shares on this content, minus the number of unlikes, unsaves and deleted comments.',
    read: (m) => m.likes + m.saved + m.comments + m.shares,
  },
  ig_reels_avg_watch_time: {
    title: 'Average watch time',
    description: 'The average amount of time spent playing the reel.',
    read: (m) => m.averageWatchTimeMs,
    isReelsOnly: true,
  },
  ig_reels_video_view_total_time: {
    title: 'Watch time',
    description: 'The total amount of time the reel was played, including replays.',
    read: (m) => m.totalWatchTimeMs,
    isReelsOnly: true,
  },
};

export const PAGE_METRICS: Record<
  string,
  { title: string; description: string; read: (page: FacebookPage, day: number) => number }
> = {
  page_follows: {
    title: 'Lifetime Total Follows',
    description: 'Lifetime: The number of followers of your Facebook Page.',
    read: (p, d) => p.activity.followersAt(d),
  },
  page_total_media_view_unique: {
    title: 'Daily Total Media Viewers',
    description:
      'Daily: The number of people who saw any content from your Page or about your Page.',
    read: (p, d) => p.activity.day(d).mediaViewsUnique,
  },
  page_media_view: {
    title: 'Daily Media Views',
    description: 'Daily: The number of times your content was played or displayed.',
    read: (p, d) => p.activity.day(d).mediaViews,
  },
  page_post_engagements: {
    title: 'Daily Post Engagements',
    description:
      'Daily: The number of times people have engaged with your posts through reactions, comments, shares and more.',
    read: (p, d) => p.activity.day(d).postEngagements,
  },
  page_daily_follows_unique: {
    title: 'Daily New Follows',
    description: 'Daily: The number of new followers of your Page.',
    read: (p, d) => p.activity.day(d).dailyFollows,
  },
  page_daily_unfollows_unique: {
    title: 'Daily Unfollows',
    description: 'Daily: The number of people who stopped following your Page.',
    read: (p, d) => p.activity.day(d).dailyUnfollows,
  },
};
