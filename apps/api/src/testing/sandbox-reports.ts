import {
  staticGoogleToken,
  staticMetaToken,
  type PersonaId,
  type RunningSandbox,
} from '@crescendo/platform-sandbox';
import { addDays } from '../lib/days';

/*
 * The truth that figure tests compare with: the platform sandbox's PUBLIC API, asked with the
 * persona's own grant (never the product's database or its provider clients).
 */

/** One report row, keyed by the report's column names. */
export type ReportRow = Record<string, number | string>;

type Report = { columnHeaders: { name: string }[]; rows?: (string | number)[][] };

/** YouTube Analytics' own report (`ids=channel==MINE` unless given), one object a row. */
export async function youtubeReport(
  sandbox: RunningSandbox,
  params: Record<string, string>,
  persona: PersonaId = 'mid',
): Promise<ReportRow[]> {
  const query = new URLSearchParams({ ids: 'channel==MINE', ...params });
  const response = await fetch(`${sandbox.url}/youtubeanalytics/v2/reports?${query}`, {
    headers: { authorization: `Bearer ${staticGoogleToken(persona)}` },
  });
  if (!response.ok)
    throw new Error(`YouTube Analytics answered ${response.status}: ${await response.text()}`);
  const report = (await response.json()) as Report;
  const names = report.columnHeaders.map((header) => header.name);
  return (report.rows ?? []).map(
    (row) => Object.fromEntries(names.map((name, index) => [name, row[index]])) as ReportRow,
  );
}

/** A Graph API GET as the persona's user, answered as is (for tests of Graph's own refusals). */
export function fetchGraph(
  sandbox: RunningSandbox,
  path: string,
  params: Record<string, string>,
  persona: PersonaId = 'mid',
): Promise<Response> {
  const query = new URLSearchParams({ ...params, access_token: staticMetaToken(persona) });
  return fetch(`${sandbox.url}/graph/v21.0${path}?${query}`);
}

/** A Graph API GET as the persona's user; throws unless Graph answers 2xx. */
export async function graph<T>(
  sandbox: RunningSandbox,
  path: string,
  params: Record<string, string>,
  persona: PersonaId = 'mid',
): Promise<T> {
  const response = await fetchGraph(sandbox, path, params, persona);
  if (!response.ok) throw new Error(`Graph answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export type GraphBreakdown = {
  dimension_keys: string[];
  results: { dimension_values: string[]; value: number }[];
};
export type GraphInsight = {
  name: string;
  total_value?: { value?: number; breakdowns?: GraphBreakdown[] };
};
export type GraphPage = {
  id: string;
  followers_count: number;
  instagram_business_account: { id: string; followers_count: number };
};

/** The persona's (first) Facebook page with its Instagram account, as `/me/accounts` lists it. */
export async function readPage(
  sandbox: RunningSandbox,
  persona: PersonaId = 'mid',
): Promise<GraphPage> {
  const pages = await graph<{ data: GraphPage[] }>(
    sandbox,
    '/me/accounts',
    { fields: 'id,followers_count,instagram_business_account{id,followers_count}' },
    persona,
  );
  return pages.data[0]!;
}

/** Instagram's new follows and unfollows over `from`..`to`, asked in Graph's 30-day windows. */
export async function instagramFollows(
  sandbox: RunningSandbox,
  instagramId: string,
  from: string,
  to: string,
  persona: PersonaId = 'mid',
) {
  let gained = 0;
  let lost = 0;
  for (let since = from; since <= to; since = addDays(since, 30)) {
    const last = addDays(since, 29) < to ? addDays(since, 29) : to;
    const params = {
      metric: 'follows_and_unfollows',
      period: 'day',
      metric_type: 'total_value',
      breakdown: 'follow_type',
      since,
      until: addDays(last, 1),
    };
    const body = await graph<{ data: GraphInsight[] }>(
      sandbox,
      `/${instagramId}/insights`,
      params,
      persona,
    );
    for (const result of body.data[0]?.total_value?.breakdowns?.[0]?.results ?? []) {
      if (result.dimension_values[0] === 'FOLLOWER') gained += result.value;
      if (result.dimension_values[0] === 'NON_FOLLOWER') lost += result.value;
    }
  }
  return { gained, lost, net: gained - lost };
}

/** Every media item of an Instagram account, following Graph's paging to the end. */
export async function instagramMedia(
  sandbox: RunningSandbox,
  instagramId: string,
  persona: PersonaId = 'mid',
): Promise<{ id: string; timestamp: string }[]> {
  type Media = { id: string; timestamp: string };
  type PageOfMedia = { data: Media[]; paging?: { next?: string } };
  const params = { fields: 'id,timestamp', limit: '100' };
  let page = await graph<PageOfMedia>(sandbox, `/${instagramId}/media`, params, persona);
  const media = [...page.data];
  while (page.paging?.next) {
    const response = await fetch(page.paging.next);
    if (!response.ok) throw new Error(`Graph answered ${response.status} on a next page`);
    page = (await response.json()) as PageOfMedia;
    media.push(...page.data);
  }
  return media;
}
