import type { AudienceResponse, ContentRow, KpiSet } from '@crescendo/contracts';
import type { PlatformChoice } from './formatting';

/** What each assistant tool answers, as the composers read it. */
export type Window = { from: string; to: string; days: number };
export type MetricsOutput = {
  window: Window;
  previousWindow: { from: string; to: string } | null;
  platform: PlatformChoice;
  hasConnections: boolean;
  combined: KpiSet;
  byPlatform: Partial<Record<Exclude<PlatformChoice, 'all'>, KpiSet>>;
};
export type TopContentOutput = {
  window: Window;
  platform: PlatformChoice;
  metric: string;
  order: 'asc' | 'desc';
  total: number;
  items: ContentRow[];
};
export type AudienceOutput = {
  platform: PlatformChoice;
  hasConnections: boolean;
  breakdowns: AudienceResponse['breakdowns'];
  fastestGrowingCountries: AudienceResponse['fastestGrowingCountries'];
};
export type SpikesOutput = {
  window: Window;
  platform: PlatformChoice;
  spikes: {
    day: string;
    platform: Exclude<PlatformChoice, 'all'> | null;
    views: number | null;
    usualViews: number | null;
    timesUsual: number | null;
    topContent: { title: string; platform: string; views: number }[];
    trafficSources: { source: string; views: number }[];
  }[];
};
export type ForecastOutput = {
  asOf: string;
  platform: PlatformChoice;
  forecast: {
    current: number;
    next: number;
    dailyPace: number;
    daysToNext: number | null;
    expectedDate: string | null;
  } | null;
  target: {
    value: number;
    remaining: number;
    daysToTarget: number | null;
    expectedDate: string | null;
  } | null;
  recentMilestones: { platform: string | null; metric: string; value: number; reachedOn: string }[];
};
export type FreshnessOutput = {
  hasConnections: boolean;
  lastCompleteDay: string | null;
  accounts: {
    platform: string;
    accountName: string;
    lastSyncedAt: string | null;
    dataCompleteThrough: string | null;
    pendingDays: string[];
  }[];
};
