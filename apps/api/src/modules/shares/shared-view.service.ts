import {
  analyticsPlatforms,
  contentQuerySchema,
  dashboardQuerySchema,
  rangePresetLabels,
  shareGoneMessage,
  shareWrongPasswordMessage,
  type AnalyticsPlatform,
  type PlatformScope,
  type RangePreset,
  type ShareGrant,
  type SharedOverview,
  type SharedViewResponse,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { retryAfterSecondsOf, type RateLimitStore } from '../../lib/rate-limit-store';
import {
  getAudience,
  getContent,
  getDashboardAnalytics,
  getFreshness,
  type AnalyticsViewer,
} from '../analytics';
import {
  hashShareToken,
  isShareGrantValid,
  isSharePasswordCorrect,
  issueShareGrant,
} from './share-secrets';
import { joinPlatformNames } from './share-platforms';
import { findShareLinkByTokenHash, statusOf } from './shares.repository';

type FoundLink = NonNullable<Awaited<ReturnType<typeof findShareLinkByTokenHash>>>;
type ShareLinkRow = FoundLink['link'];

/** Wrong passwords per link and client address, and per link from all addresses together. */
export const sharePasswordLimits = { perAddress: 5, perLink: 30, windowMs: 15 * 60_000 };

async function findOpenLink(db: Database, token: string, now: Date): Promise<FoundLink> {
  const found = await findShareLinkByTokenHash(db, hashShareToken(token));
  // Unknown, revoked and expired look the same from outside: nothing to learn by probing.
  if (!found || statusOf(found.link, now) !== 'active') throw AppError.notFound(shareGoneMessage);
  return found;
}

function describeLink(found: FoundLink) {
  const { link } = found;
  return {
    artistName: found.artistName ?? found.organizationName,
    view: link.view,
    platforms: link.platforms,
    window: { range: link.range, from: link.fromDay, to: link.toDay },
    includesRevenue: link.includeRevenue,
  };
}

/**
 * The dashboard query for a link's platforms: the dashboard's own scope when one platform is
 * chosen, narrowed to the chosen set otherwise (the analytics reads take a set of platforms).
 */
function platformChoiceOf(platforms: AnalyticsPlatform[]): {
  platform: PlatformScope;
  platforms: AnalyticsPlatform[];
} {
  return { platform: platforms.length === 1 ? platforms[0]! : 'all', platforms };
}

function withoutRevenue(overview: Awaited<ReturnType<typeof getDashboardAnalytics>>) {
  const kpis = ({ estimatedRevenue: _revenue, ...rest }: (typeof overview)['combined']) => rest;
  return {
    range: overview.range,
    combined: kpis(overview.combined),
    byPlatform: Object.fromEntries(
      Object.entries(overview.byPlatform).map(([platform, set]) => [platform, kpis(set)]),
    ),
    platformRanges: overview.platformRanges,
    series: overview.series.map(({ estimatedRevenue: _revenue, ...point }) => point),
    milestones: overview.milestones,
    forecast: overview.forecast,
  };
}

/**
 * The shared page's data: the dashboard's own service functions for the link's organisation,
 * view and window (one code path), less what the link does not share (revenue unless ticked,
 * insights, connection ids, content ids).
 */
export async function openSharedView(
  db: Database,
  token: string,
  options: { grant?: string | undefined; page: number; now?: Date },
): Promise<SharedViewResponse> {
  const now = options.now ?? new Date();
  const found = await findOpenLink(db, token, now);
  const { link } = found;
  const base = describeLink(found);
  const isLocked =
    link.passwordHash !== null &&
    !isShareGrantValid(options.grant, link.id, link.passwordHash, now);
  if (isLocked) {
    return {
      ...base,
      isLocked,
      verifiedPlatforms: [],
      freshness: [],
      overview: null,
      audience: null,
      content: null,
    };
  }
  // The plan's history window applies where the reads resolve their scope, as on the dashboard.
  // A window the plan no longer covers (after a downgrade) closes the link rather than telling a
  // visitor about the artist's plan.
  const viewer = { organization: { id: link.organizationId }, now: () => now };
  const window = {
    ...(link.range ? { range: link.range } : {}),
    ...(link.fromDay ? { from: link.fromDay } : {}),
    ...(link.toDay ? { to: link.toDay } : {}),
  };
  return readSharedView(db, viewer, link, window, options.page, {
    ...base,
    isLocked,
    verifiedPlatforms: [],
    freshness: [],
    overview: null,
    audience: null,
    content: null,
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'PLAN_LIMIT') {
      throw AppError.notFound(shareGoneMessage);
    }
    throw error;
  });
}

async function readSharedView(
  db: Database,
  viewer: AnalyticsViewer,
  link: ShareLinkRow,
  window: { range?: RangePreset; from?: string; to?: string },
  page: number,
  result: SharedViewResponse,
): Promise<SharedViewResponse> {
  const choice = platformChoiceOf(link.platforms);
  const query = {
    ...dashboardQuerySchema.parse({ ...window, platform: choice.platform }),
    platforms: choice.platforms,
  };
  const freshness = await getFreshness(db, viewer, query);
  const verifiedPlatforms = analyticsPlatforms.filter((platform: AnalyticsPlatform) =>
    freshness.some((account) => account.platform === platform),
  );
  result.verifiedPlatforms = verifiedPlatforms;
  result.freshness = freshness;
  if (link.view === 'overview') {
    const overview = await getDashboardAnalytics(db, viewer, query);
    result.overview = link.includeRevenue
      ? ({
          ...withoutRevenue(overview),
          combined: overview.combined,
          byPlatform: overview.byPlatform,
          series: overview.series,
        } satisfies SharedOverview)
      : withoutRevenue(overview);
  } else if (link.view === 'audience') {
    const { platform: _platform, ...audience } = await getAudience(db, viewer, query);
    result.audience = audience;
  } else {
    const content = await getContent(db, viewer, {
      ...contentQuerySchema.parse({ ...window, platform: choice.platform, page }),
      platforms: choice.platforms,
    });
    result.content = { ...content, items: content.items.map(({ id: _id, ...item }) => item) };
  }
  return result;
}

/** Checks a link's password; a right one gives a short-lived grant for that link only. */
export async function unlockShareLink(
  db: Database,
  store: RateLimitStore,
  token: string,
  password: string,
  clientAddress: string,
  now: Date = new Date(),
): Promise<ShareGrant> {
  const found = await findOpenLink(db, token, now);
  const { link } = found;
  if (!link.passwordHash) {
    throw new AppError('BAD_REQUEST', 'This link has no password.');
  }
  const { perAddress, perLink, windowMs } = sharePasswordLimits;
  const keys = {
    address: `share-password:${link.id}|${clientAddress}`,
    link: `share-password:${link.id}`,
  };
  const [byAddress, byLink] = await Promise.all([
    store.peek(keys.address, windowMs),
    store.peek(keys.link, windowMs),
  ]);
  const waitSeconds = Math.max(
    retryAfterSecondsOf({ ...byAddress, count: byAddress.count + 1 }, perAddress),
    retryAfterSecondsOf({ ...byLink, count: byLink.count + 1 }, perLink),
  );
  if (waitSeconds > 0) {
    throw new AppError('RATE_LIMITED', 'Too many wrong passwords. Wait a while and try again.', {
      retryAfterSeconds: waitSeconds,
    });
  }
  if (!(await isSharePasswordCorrect(password, link.passwordHash))) {
    await Promise.all([store.hit(keys.address, windowMs), store.hit(keys.link, windowMs)]);
    throw AppError.unauthenticated(shareWrongPasswordMessage);
  }
  const { grant, expiresAt } = issueShareGrant(link.id, link.passwordHash, now);
  return { grant, expiresAt: expiresAt.toISOString() };
}

/** What a preview card may say about a link (no figures); null when it does not open. */
export async function describeSharePreview(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<{ title: string; description: string } | null> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(token)) return null;
  const found = await findShareLinkByTokenHash(db, hashShareToken(token));
  if (!found || statusOf(found.link, now) !== 'active') return null;
  const { artistName, view, platforms, window } = describeLink(found);
  const viewName = { overview: 'Overview', audience: 'Audience', content: 'Content' }[view];
  const windowName = window.range
    ? `${window.range === 'all' ? '' : 'the '}${rangePresetLabels[window.range].toLowerCase()}`
    : `${window.from ?? 'the start'} to ${window.to ?? 'the latest day'}`;
  return {
    title: `${artistName} · ${viewName} · Crescendo`,
    description: `Verified ${joinPlatformNames(platforms)} figures for ${artistName}, ${windowName}.`,
  };
}
