/** Intl formatting for the dashboard. Absent figures read "—", never 0. */

export const MISSING_VALUE = '—';

type MaybeNumber = number | null | undefined;

export const isPresent = (value: MaybeNumber): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const compactNumber = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  maximumFractionDigits: 1,
});
const fullNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const signedCompactNumber = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const engagementPercent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const compactHours = new Intl.NumberFormat(undefined, {
  notation: 'compact',
  maximumFractionDigits: 1,
  style: 'unit',
  unit: 'hour',
  unitDisplay: 'short',
});
// Platforms report estimated revenue in US dollars.
const usd = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const usdCompact = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const shortDay = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const relativeTime = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function formatCompactNumber(value: MaybeNumber): string {
  return isPresent(value) ? compactNumber.format(value) : MISSING_VALUE;
}

export function formatFullNumber(value: MaybeNumber): string {
  return isPresent(value) ? fullNumber.format(value) : MISSING_VALUE;
}

export function formatSignedCompactNumber(value: MaybeNumber): string {
  return isPresent(value) ? signedCompactNumber.format(value) : MISSING_VALUE;
}

/** A share (0.25) as "25%". */
export function formatShare(value: MaybeNumber): string {
  return isPresent(value) ? percent.format(value) : MISSING_VALUE;
}

/** A relative change (0.123) as "+12.3%". */
export function formatChange(value: MaybeNumber): string {
  return isPresent(value) ? signedPercent.format(value) : MISSING_VALUE;
}

/** Engagements per view (0.0412) as "4.12%". */
export function formatRate(value: MaybeNumber): string {
  return isPresent(value) ? engagementPercent.format(value) : MISSING_VALUE;
}

/** Watch time arrives in minutes; artists think in hours. */
export function formatWatchHours(minutes: MaybeNumber): string {
  return isPresent(minutes) ? compactHours.format(minutes / 60) : MISSING_VALUE;
}

export function formatRevenue(value: MaybeNumber, { compact = false } = {}): string {
  if (!isPresent(value)) return MISSING_VALUE;
  return compact && Math.abs(value) >= 10_000 ? usdCompact.format(value) : usd.format(value);
}

/** A platform day (YYYY-MM-DD) is a calendar day, so it is read and shown in UTC. */
export function formatShortDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

export function formatLongDay(day: string | null | undefined): string {
  return day ? longDay.format(new Date(`${day}T00:00:00Z`)) : MISSING_VALUE;
}

const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "just now". */
export function formatRelativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return MISSING_VALUE;
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(seconds) >= size) return relativeTime.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

let regionNames: Intl.DisplayNames | null | undefined;

/** "IT" → "Italy"; unknown codes are shown as they came. */
export function formatCountry(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(undefined, { type: 'region', fallback: 'code' });
    } catch {
      regionNames = null;
    }
  }
  if (!regionNames || !/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export const platformNames = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
} as const;

/** The period a relative change is measured against, in the artist's words. */
export function describePreviousPeriod(days: number): string {
  if (days === 7) return 'previous 7 days';
  if (days === 365) return 'previous 12 months';
  return `previous ${formatFullNumber(days)} days`;
}

const trafficSourceNames: Record<string, string> = {
  ADVERTISING: 'Ads',
  ANNOTATION: 'Annotations',
  CAMPAIGN_CARD: 'Campaign cards',
  END_SCREEN: 'End screens',
  EXT_URL: 'External sites and apps',
  HASHTAGS: 'Hashtag pages',
  LIVE_REDIRECT: 'Live redirects',
  NO_LINK_EMBEDDED: 'Embedded players',
  NO_LINK_OTHER: 'Direct or unknown',
  NOTIFICATION: 'Notifications',
  PLAYLIST: 'Playlists',
  PRODUCT_PAGE: 'Product pages',
  PROMOTED: 'Promoted',
  RELATED_VIDEO: 'Suggested videos',
  SHORTS: 'Shorts feed',
  SHORTS_CONTENT_LINKS: 'Shorts links',
  SOUND_PAGE: 'Sound pages',
  SUBSCRIBER: 'Browse features',
  VIDEO_REMIXES: 'Remixes',
  YT_CHANNEL: 'Your channel page',
  YT_OTHER_PAGE: 'Other YouTube pages',
  YT_PLAYLIST_PAGE: 'Playlist pages',
  YT_SEARCH: 'YouTube search',
};

/** "SOME_VALUE" / "some_value" → "Some value". */
function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export function formatTrafficSource(key: string): string {
  return trafficSourceNames[key] ?? humanize(key);
}

const deviceNames: Record<string, string> = {
  MOBILE: 'Mobile',
  DESKTOP: 'Computer',
  TV: 'TV',
  TABLET: 'Tablet',
  GAME_CONSOLE: 'Game console',
  UNKNOWN_PLATFORM: 'Unknown device',
};

const genderNames: Record<string, string> = {
  male: 'Male',
  female: 'Female',
  user_specified: 'Self-described',
  m: 'Male',
  f: 'Female',
  u: 'Not specified',
};

/** "age25-34" → "25–34", "age65-" → "65+", "13-17" → "13–17". */
function formatAgeGroup(key: string): string {
  const range = key.replace(/^age/i, '');
  if (/^\d+-$/.test(range) || /^\d+\+$/.test(range)) return `${range.replace(/[-+]$/, '')}+`;
  return range.replace('-', '–');
}

export type AudienceDimension = 'country' | 'city' | 'age' | 'gender' | 'device' | 'traffic_source';

/** A breakdown key in the artist's words: country names, age groups, devices, sources. */
export function formatAudienceKey(dimension: AudienceDimension, key: string): string {
  switch (dimension) {
    case 'country':
      return formatCountry(key);
    case 'age':
      return formatAgeGroup(key);
    case 'gender':
      return genderNames[key.toLowerCase()] ?? humanize(key);
    case 'device':
      return deviceNames[key.toUpperCase()] ?? humanize(key);
    case 'traffic_source':
      return formatTrafficSource(key);
    default:
      return key;
  }
}

/** Server-written copy carries ISO days ("spiked on 2026-10-04"); show them as dates. */
export function formatDaysInText(text: string): string {
  return text.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (day) => formatLongDay(day));
}
