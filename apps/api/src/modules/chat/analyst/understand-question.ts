import type { PlatformChoice } from './formatting';
import { findPeriods, type Period } from './periods';
import { understandRevenue, type RevenuePlan } from './understand-revenue';

export type Metric =
  'followers' | 'views' | 'watchMinutes' | 'engagements' | 'engagementRate' | 'estimatedRevenue';

export type Intent =
  | 'metrics'
  | 'compare-periods'
  | 'compare-platforms'
  | 'top-content'
  | 'content'
  | 'audience'
  | 'spikes'
  | 'forecast'
  | 'campaign'
  | 'freshness'
  | 'revenue'
  | 'growth'
  | 'posting'
  | 'tour'
  | 'explain'
  | 'help'
  | 'others-data'
  | 'unknown';

export type AudienceDimension = 'country' | 'city' | 'age' | 'gender' | 'device' | 'traffic_source';

/** What a question asks, in the terms the tools take. */
export type QuestionPlan = {
  intent: Intent;
  metric: Metric | null;
  platform: PlatformChoice;
  periods: Period[];
  order: 'desc' | 'asc';
  dimension: AudienceDimension | null;
  target: number | null;
  campaignName: string | null;
  /** Whether the question may name a song or video (the catalogue is read to find it). */
  mayNameContent: boolean;
  /** For a question about statement money: how to read the revenue. */
  revenue: RevenuePlan | null;
  /** Every platform the question names, in the order of the list (for growth comparisons). */
  platformsNamed: Exclude<PlatformChoice, 'all'>[];
};

const metricPatterns: [Metric, RegExp][] = [
  ['engagementRate', /\bengagement rate\b/],
  ['watchMinutes', /\bwatch ?(time|minutes|hours)\b|\b(minutes|hours) watched\b/],
  ['estimatedRevenue', /\b(revenue|earn(ed|ings?)?|money|income|paid|payout|make)\b|\$/],
  ['followers', /\b(followers?|subscribers?|subs|fans?|following|grow(n|th)?|gain(ed)?|lost)\b/],
  [
    'engagements',
    /\b(engagements?|likes?|comments?|shares?|saves?|interactions?|liked|commented|shared)\b/,
  ],
  ['views', /\b(views?|viewed|plays?|played|streams?|streamed|watched|reach)\b/],
];

const platformPatterns: [Exclude<PlatformChoice, 'all'>, RegExp][] = [
  ['youtube', /\b(youtube|yt|you tube)\b/],
  ['instagram', /\b(instagram|insta|ig)\b/],
  ['facebook', /\b(facebook|fb)\b/],
  ['tiktok', /\b(tiktok|tik[ -]tok)\b/],
];

const dimensionPatterns: [AudienceDimension, RegExp][] = [
  ['city', /\b(city|cities|towns?)\b/],
  ['country', /\b(countr(y|ies)|nations?)\b/],
  ['age', /\b(age|ages|old|young)\b/],
  ['gender', /\b(gender|male|female|men|women)\b/],
  ['device', /\b(devices?|mobile|phones?|desktop|tv|tablets?)\b/],
  ['traffic_source', /\b(traffic|sources?|find me|discover|found me|come from)\b/],
];

/** "100k", "1 million", "50,000", "2.5k" → a whole number. */
export function findTarget(text: string): number | null {
  const match = /\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|thousand|m|million|mil)?\b/.exec(
    text.replace(/\b(19|20)\d{2}-\d{2}-\d{2}\b/g, ''),
  );
  if (!match) return null;
  const base = Number(match[1]!.replace(/,/g, ''));
  const unit = match[2];
  const value =
    unit === 'k' || unit === 'thousand'
      ? base * 1_000
      : unit === 'm' || unit === 'million' || unit === 'mil'
        ? base * 1_000_000
        : base;
  return Number.isFinite(value) && value >= 1 ? Math.round(value) : null;
}

function firstMatch<T>(patterns: [T, RegExp][], text: string): T | null {
  return patterns.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/** Reads a question into a plan: deterministic, no model, no network. */
export function understandQuestion(question: string, today: string): QuestionPlan {
  const text = question.toLowerCase().replace(/[’‘]/g, "'");
  const periods = findPeriods(question, today);
  const platforms = platformPatterns
    .filter(([, pattern]) => pattern.test(text))
    .map(([platform]) => platform);
  const metric = firstMatch(metricPatterns, text);
  const order: 'desc' | 'asc' = /\b(worst|least|lowest|weakest|fewest|bottom|flopp?ed)\b/.test(text)
    ? 'asc'
    : 'desc';
  const plan: QuestionPlan = {
    intent: 'unknown',
    metric,
    platform: platforms.length === 1 ? platforms[0]! : 'all',
    periods,
    order,
    dimension: null,
    target: null,
    campaignName: null,
    mayNameContent: false,
    revenue: null,
    platformsNamed: platforms,
  };

  // "Taylor Swift's numbers": another artist named outright.
  // (Followers and stats belong to artists; a song's views could be asked the same way.)
  if (
    /\b[A-Z][\p{L}]+(?: [A-Z][\p{L}]+)+['’]s (numbers|stats|statistics|data|analytics|followers|subscribers|fans|audience)\b/u.test(
      question,
    )
  ) {
    return { ...plan, intent: 'others-data' };
  }
  if (
    /\b(other|another|competitors?|similar|everyone else's|all) (artists?|users?|accounts?|organi[sz]ations?|channels?|creators?)\b/.test(
      text,
    ) ||
    /\b(someone|somebody) else'?s?\b/.test(text)
  ) {
    return { ...plan, intent: 'others-data' };
  }
  if (/^\s*(hi|hello|hey|help|what can you do|what can i ask)\b/.test(text)) {
    return { ...plan, intent: 'help' };
  }
  if (
    /\b(up to date|fresh|last sync(ed)?|synced|how (old|recent|current)|data (complete|delay|lag)|when .*(updated|refresh(ed)?)|missing days|pending)\b/.test(
      text,
    )
  ) {
    return { ...plan, intent: 'freshness' };
  }
  // "Explain this" on a dashboard card: "Explain my views from 2025-05-16 to 2025-06-12 on youtube".
  if (/^\s*(explain|why (is|are|was|were)|what (drove|moved|explains))\b/.test(text) && metric) {
    return { ...plan, intent: 'explain' };
  }
  const revenue = understandRevenue(text, today);
  if (revenue) return { ...plan, intent: 'revenue', revenue };
  if (
    /\b(tour|touring|gigs?|concerts?|play live|book (a )?shows?|headline show|where should i play)\b/.test(
      text,
    )
  ) {
    return { ...plan, intent: 'tour', platform: 'all' };
  }
  if (
    /\b(what|which|when|how often) (should|could|do) i (post|upload|publish|release|make)\b|\bpost next\b|\bbest (time|day|format|length) to (post|upload|publish)\b|\bwhat (kind of )?(content|format|videos?|posts?) (works?|worked|does best|did best)\b/.test(
      text,
    )
  ) {
    return { ...plan, intent: 'posting' };
  }
  if (
    /\bgrow(s|ing|th|n)?\b[^?]*\b(faster|slower|quicker|more)\b|\b(faster|slower)\b[^?]*\bgrow|\bgrowth rates?\b|\bwhich (platform|account) is growing\b/.test(
      text,
    )
  ) {
    return {
      ...plan,
      intent: 'growth',
      metric: /\b(views?|plays?|streams?|watch)\b/.test(text) ? 'views' : 'followers',
    };
  }
  if (
    /\b(spiked?|spikes|jump(ed)?|surge(d)?|peak(ed)?|blew up|went viral|viral|what happened)\b/.test(
      text,
    ) ||
    /\bwhy did\b.*\b(go up|grow|increase|rise|climb|shoot up)\b/.test(text)
  ) {
    return { ...plan, intent: 'spikes' };
  }
  if (
    /\b(when will|how long (until|till|before|to)|milestone|forecast|predict(ion)?|on track|at this (rate|pace)|reach \d|hit \d|get to \d)\b/.test(
      text,
    )
  ) {
    return { ...plan, intent: 'forecast', target: findTarget(text) };
  }
  const campaign =
    /\b(campaigns?|roi|worth it|ad ?spend|ads|advert\w*|promotion|promo|paid off|return on|spent)\b/;
  if (campaign.test(text)) {
    const named =
      /\b(?:my|the|our) ((?:[\w'-]+ ){0,3}?[\w'-]+) (?:campaign|promo|promotion)\b/.exec(
        text,
      )?.[1] ??
      /\bcampaign (?:called |named )["“']?([^"”'?]+?)["”']?(?:\?|$| worth)/.exec(text)?.[1] ??
      null;
    return {
      ...plan,
      intent: 'campaign',
      campaignName: named && !/^(last|latest|recent|new|first)$/.test(named) ? named.trim() : null,
    };
  }
  if (
    /\b(where are my|audience|countr(y|ies)|cities|city|age|ages|gender|demographics?|devices?|mobile|traffic sources?|where .*(come|coming) from|who (watches|listens|follows)|where .*(fans|listeners|viewers|followers) (are|live))\b/.test(
      text,
    )
  ) {
    return { ...plan, intent: 'audience', dimension: firstMatch(dimensionPatterns, text) };
  }
  if (
    /\b(top|best|most (viewed|watched|popular|liked|commented|shared|saved|played|streamed)|which (song|video|post|reel|short|content|track|upload)s?|worst|least|biggest|performing|performed best|hits?)\b/.test(
      text,
    )
  ) {
    return { ...plan, intent: 'top-content' };
  }
  const isComparison = /\b(vs\.?|versus|compare[ds]?|comparison|than|which platform)\b/.test(text);
  if (isComparison && (platforms.length >= 2 || /\bwhich platform\b/.test(text))) {
    return { ...plan, intent: 'compare-platforms', platform: 'all' };
  }
  if (isComparison && periods.length >= 1) {
    return { ...plan, intent: 'compare-periods' };
  }
  const namesContent =
    /["“]/.test(question) ||
    /\b(did|does|has|is|was) (?!i\b|my\b|we\b|it\b|the\b)[a-z][\w' ]{2,60}? (get|got|do|doing|perform|performing|have|had)\b/.test(
      text,
    ) ||
    /\b(song|track|video|single|clip|reel|short|post|upload)\b/.test(text) ||
    /\bhow (is|did|was|has|are)\b/.test(text) ||
    periods.some((period) => period.kind === 'since-content');
  if (
    metric ||
    /\b(how am i doing|how('s| is) it going|overview|summary|stats|numbers|perform\w*|doing)\b/.test(
      text,
    )
  ) {
    return { ...plan, intent: 'metrics', mayNameContent: namesContent };
  }
  if (namesContent) return { ...plan, intent: 'content', mayNameContent: true };
  return plan;
}
