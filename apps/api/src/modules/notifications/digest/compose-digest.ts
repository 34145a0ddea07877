import type {
  AnalyticsPlatform,
  ComparedValue,
  ContentResponse,
  DashboardAnalyticsResponse,
  KpiSet,
} from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import { getContent, getDashboardAnalytics, platformNames } from '../../analytics';
import type { Digest, DigestFigure, DigestSection } from './digest-model';
import { readLatestStatementMonth, readSpotifyWeek } from './imported-sources';

/** What every digest source is given: the week's dashboard answer and where links point. */
export type DigestSourceContext = {
  db: Database;
  organizationId: string;
  overview: DashboardAnalyticsResponse;
  appUrl: string;
};

/**
 * One source of figures in the digest. A source answers the sections it has for the week (none
 * while it holds no data), so a new platform or import adds itself here and nowhere else.
 */
export type DigestSource = {
  id: string;
  load(context: DigestSourceContext): Promise<DigestSection[]>;
};

function rangeQuery(range: { from: string; to: string }, platform?: string): string {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (platform) params.set('platform', platform);
  return params.toString();
}

function figureOf(
  label: string,
  compared: ComparedValue,
  format: DigestFigure['format'],
  extra: Partial<DigestFigure> = {},
): DigestFigure {
  return {
    label,
    value: compared.value,
    previous: compared.previous,
    change: compared.change,
    format,
    ...extra,
  };
}

/** The dashboard's own figures for one platform (`byPlatform` of the same answer). */
export function platformFiguresOf(platform: AnalyticsPlatform, kpis: KpiSet): DigestFigure[] {
  const figures: DigestFigure[] = [
    figureOf(
      platform === 'youtube' ? 'New subscribers (net)' : 'New followers (net)',
      kpis.followers.net,
      'count',
      {
        ...(kpis.followers.total !== null
          ? { note: `${kpis.followers.total.toLocaleString('en-US')} in all` }
          : {}),
      },
    ),
    figureOf('Views', kpis.views, 'count'),
  ];
  if (kpis.watchMinutes.value !== null)
    figures.push(figureOf('Watch time (minutes)', kpis.watchMinutes, 'minutes'));
  figures.push(figureOf('Engagements', kpis.engagements, 'count'));
  if (kpis.estimatedRevenue.value !== null)
    figures.push(
      figureOf('Estimated revenue', kpis.estimatedRevenue, 'money', { currency: 'USD' }),
    );
  return figures;
}

/** Every connected platform, from the dashboard's answer for the week. */
export const connectedPlatformsSource: DigestSource = {
  id: 'platforms',
  async load({ overview, appUrl }) {
    return (Object.entries(overview.byPlatform) as [AnalyticsPlatform, KpiSet][]).map(
      ([platform, kpis]) => ({
        id: platform,
        title: platformNames[platform],
        figures: platformFiguresOf(platform, kpis),
        link: {
          label: `Open ${platformNames[platform]} on Crescendo`,
          url: `${appUrl}/dashboard?${rangeQuery(overview.range, platform)}`,
        },
      }),
    );
  },
};

function changeOf(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return Number(((value - previous) / Math.abs(previous)).toFixed(4));
}

/** Spotify for Artists audience timeline, once imported. */
export const spotifyStreamsSource: DigestSource = {
  id: 'spotify',
  async load({ db, organizationId, overview, appUrl }) {
    const week = await readSpotifyWeek(db, organizationId, overview.range);
    if (!week) return [];
    const figures: DigestFigure[] = [
      {
        label: 'Streams',
        value: week.streams,
        previous: week.previousStreams,
        change: changeOf(week.streams, week.previousStreams),
        format: 'count',
      },
    ];
    if (week.listeners !== null)
      figures.push({
        label: 'Listeners (latest day)',
        value: week.listeners,
        previous: null,
        change: null,
        format: 'count',
      });
    return [
      {
        id: 'spotify',
        title: 'Spotify (imported)',
        figures,
        link: {
          label: 'Open your imports on Crescendo',
          url: `${appUrl}/dashboard?${rangeQuery(overview.range)}`,
        },
      },
    ];
  },
};

const monthName = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Distributor statements, once one has arrived: the latest month's revenue. */
export const statementRevenueSource: DigestSource = {
  id: 'statements',
  async load({ db, organizationId, overview, appUrl }) {
    const month = await readLatestStatementMonth(db, organizationId, overview.range.to);
    if (!month) return [];
    return [
      {
        id: 'statements',
        title: 'Statement revenue',
        period: monthName(month.month),
        figures: [
          {
            label: `Revenue, ${monthName(month.month)}`,
            value: month.earnings,
            previous: month.previousEarnings,
            change: changeOf(month.earnings, month.previousEarnings),
            format: 'money',
            currency: month.currency,
          },
        ],
        link: { label: 'Open revenue on Crescendo', url: `${appUrl}/dashboard/roi` },
      },
    ];
  },
};

export const defaultDigestSources: DigestSource[] = [
  connectedPlatformsSource,
  spotifyStreamsSource,
  statementRevenueSource,
];

function describeChange(change: number): string {
  const percent = Math.round(Math.abs(change) * 100);
  return change >= 0 ? `up ${percent} %` : `down ${percent} %`;
}

/** The platform figure that moved most against the week before, and the reason found for it. */
function findBiggestChange(
  overview: DashboardAnalyticsResponse,
  sections: DigestSection[],
): Digest['biggestChange'] {
  let best: { section: DigestSection; figure: DigestFigure } | null = null;
  for (const section of sections) {
    for (const figure of section.figures) {
      if (figure.change === null || figure.format === 'rate') continue;
      if (!best || Math.abs(figure.change) > Math.abs(best.figure.change!))
        best = { section, figure };
    }
  }
  if (!best) return null;
  const platform = best.section.id as AnalyticsPlatform;
  const insight = overview.insights
    .filter((candidate) => candidate.kind === 'spike' && candidate.platform === platform)
    .sort((a, b) => {
      const ratio = (x: typeof a) =>
        x.evidence.value !== null && x.evidence.baseline
          ? Math.abs(x.evidence.value / x.evidence.baseline - 1)
          : 0;
      return ratio(b) - ratio(a);
    })[0];
  let reason: string | null = null;
  if (insight) {
    const led = insight.evidence.topContent[0];
    const source = insight.evidence.trafficSources[0];
    reason = `${insight.title}: ${insight.description}${
      source && !led ? ` Most views came from ${source.source}.` : ''
    }`;
  }
  return {
    text: `${best.section.title} ${best.figure.label.toLowerCase()}: ${describeChange(best.figure.change!)} on the week before.`,
    reason,
    url: best.section.link.url,
  };
}

/**
 * Composes an artist's weekly digest from the dashboard's own functions (the overview for the
 * last seven complete days against the seven before, its content list, milestones and
 * insights), so each figure equals the dashboard's for the same days.
 */
export async function composeDigest(
  db: Database,
  organization: { id: string; name: string },
  options: { appUrl: string; sources?: DigestSource[] },
): Promise<Digest> {
  const viewer = { organization: { id: organization.id } };
  // "Last 7 days" gives each platform its own last seven days (one rule for windows, issue 28);
  // a digest is one week for every platform: the days every platform has published.
  const lastSevenDays = await getDashboardAnalytics(db, viewer, {
    range: '7d',
    platform: 'all',
    compare: 'previous',
  });
  const { range: common } = lastSevenDays;
  const overview = Object.values(lastSevenDays.platformRanges ?? {}).some(
    (own) => own.from !== common.from || own.to !== common.to,
  )
    ? await getDashboardAnalytics(db, viewer, {
        from: common.from,
        to: common.to,
        platform: 'all',
        compare: 'previous',
      })
    : lastSevenDays;
  const context: DigestSourceContext = {
    db,
    organizationId: organization.id,
    overview,
    appUrl: options.appUrl,
  };
  const sources = options.sources ?? defaultDigestSources;
  const [sectionLists, content] = await Promise.all([
    Promise.all(sources.map((source) => source.load(context))),
    overview.hasConnections
      ? getContent(db, viewer, {
          from: overview.range.from,
          to: overview.range.to,
          platform: 'all',
          type: 'all',
          sort: 'views',
          order: 'desc',
          page: 1,
          pageSize: 3,
          format: 'json',
        })
      : Promise.resolve<ContentResponse | null>(null),
  ]);
  const sections = sectionLists.flat();
  const dashboardUrl = `${options.appUrl}/dashboard?${rangeQuery(overview.range)}`;
  const contentUrl = `${options.appUrl}/dashboard/content?${rangeQuery(overview.range)}`;
  const milestones: Digest['milestones'] = overview.milestones.map((milestone) => ({
    text: `${milestone.value.toLocaleString('en-US')} ${milestone.metric} ${
      milestone.platform ? `on ${platformNames[milestone.platform]}` : 'across platforms'
    }, reached on ${milestone.reachedOn}.`,
    url: dashboardUrl,
  }));
  const forecast = overview.forecast;
  if (forecast && forecast.daysToNext !== null && forecast.daysToNext <= 30) {
    milestones.push({
      text: `${(forecast.next - forecast.current).toLocaleString('en-US')} more followers to reach ${forecast.next.toLocaleString('en-US')}: about ${forecast.daysToNext} days at this pace.`,
      url: dashboardUrl,
    });
  }
  return {
    organization,
    range: {
      from: overview.range.from,
      to: overview.range.to,
      previous: overview.range.previous
        ? { from: overview.range.previous.from, to: overview.range.previous.to }
        : null,
    },
    hasData: sections.length > 0,
    sections,
    topItems: (content?.items ?? []).map((item) => ({
      title: item.title,
      platform: platformNames[item.platform],
      views: item.views,
      url: item.permalink?.startsWith('https://') ? item.permalink : contentUrl,
    })),
    milestones,
    biggestChange: findBiggestChange(overview, sections),
    dashboardUrl,
  };
}
