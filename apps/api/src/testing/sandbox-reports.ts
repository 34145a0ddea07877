import { createHash, randomBytes } from 'node:crypto';
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

export type TikTokTruthUser = {
  open_id: string;
  username: string;
  follower_count: number;
  likes_count: number;
  video_count: number;
};
export type TikTokTruthVideo = {
  id: string;
  create_time: number;
  view_count: number;
  like_count: number;
  comment_count: number;
  share_count: number;
};

const tiktokVideoFields = 'id,create_time,view_count,like_count,comment_count,share_count';

/**
 * The test's own TikTok grant: Login Kit's consent as the persona, then the code exchanged with
 * PKCE, as any app would (not the product's connection, nor a static token).
 */
export async function tiktokGrant(sandbox: RunningSandbox, persona: PersonaId = 'mid') {
  const verifier = randomBytes(48).toString('base64url');
  const params = {
    client_key: 'sandbox-tiktok-client-key',
    scope: 'user.info.basic,user.info.profile,user.info.stats,video.list',
    response_type: 'code',
    redirect_uri: 'http://localhost/truth/callback',
    state: 'truth',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  const consent = await fetch(`${sandbox.url}/tiktok/v2/auth/authorize/`, {
    method: 'POST',
    body: new URLSearchParams({ ...params, persona }),
    redirect: 'manual',
  });
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const response = await fetch(`${sandbox.url}/tiktokapis/v2/oauth/token/`, {
    method: 'POST',
    body: new URLSearchParams({
      client_key: params.client_key,
      client_secret: 'sandbox-tiktok-client-secret',
      grant_type: 'authorization_code',
      code,
      redirect_uri: params.redirect_uri,
      code_verifier: verifier,
    }),
  });
  if (!response.ok) throw new Error(`TikTok token answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function tiktokApi<T>(
  sandbox: RunningSandbox,
  accessToken: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${sandbox.url}/tiktokapis/v2${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T; error: { code: string } };
  if (!response.ok || json.error.code !== 'ok')
    throw new Error(`TikTok answered ${response.status} ${json.error.code}`);
  return json.data;
}

/** TikTok's own user/info for the grant. */
export async function tiktokUser(
  sandbox: RunningSandbox,
  accessToken: string,
): Promise<TikTokTruthUser> {
  const data = await tiktokApi<{ user: TikTokTruthUser }>(
    sandbox,
    accessToken,
    '/user/info/?fields=open_id,username,follower_count,likes_count,video_count',
  );
  return data.user;
}

/** Every video as TikTok's video/list pages them (newest first). */
export async function tiktokVideos(
  sandbox: RunningSandbox,
  accessToken: string,
): Promise<TikTokTruthVideo[]> {
  type Page = { videos: TikTokTruthVideo[]; cursor: number; has_more: boolean };
  const videos: TikTokTruthVideo[] = [];
  let cursor: number | undefined;
  for (;;) {
    const page = await tiktokApi<Page>(
      sandbox,
      accessToken,
      `/video/list/?fields=${tiktokVideoFields}`,
      {
        max_count: 20,
        ...(cursor === undefined ? {} : { cursor }),
      },
    );
    videos.push(...page.videos);
    if (!page.has_more) return videos;
    cursor = page.cursor;
  }
}

/** The given videos as TikTok's video/query answers them, 20 ids a request. */
export async function tiktokQuery(
  sandbox: RunningSandbox,
  accessToken: string,
  ids: string[],
): Promise<Map<string, TikTokTruthVideo>> {
  const found = new Map<string, TikTokTruthVideo>();
  for (let start = 0; start < ids.length; start += 20) {
    const data = await tiktokApi<{ videos: TikTokTruthVideo[] }>(
      sandbox,
      accessToken,
      `/video/query/?fields=${tiktokVideoFields}`,
      { filters: { video_ids: ids.slice(start, start + 20) } },
    );
    for (const video of data.videos) found.set(video.id, video);
  }
  return found;
}
