import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountDailyMetrics,
  contentDailyMetrics,
  dailyTrafficSources,
  jobs,
  oauthStates,
  platformConnections,
  contentItems,
} from '../../db/schema';
import { startWorker } from '../../jobs/worker';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { youtubeReport } from '../../testing/sandbox-reports';
import { databaseTargets } from '../../testing/test-database';
import type { PlatformFetch } from '../providers';
import { createSyncHandlers, syncQueue } from '../sync';
import { getAccessToken } from './tokens.service';

const pinnedNow = '2025-06-15T12:00:00Z';

async function control(sandbox: RunningSandbox, path: string, body?: unknown, method = 'POST') {
  const response = await fetch(`${sandbox.url}/__control${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Plays the browser: consent as a persona, return the provider's redirect back to the API. */
async function consent(authUrl: string, persona = 'mid', edit?: (form: URLSearchParams) => void) {
  const url = new URL(authUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('persona', persona);
  edit?.(form);
  const response = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (response.status !== 302) throw new Error(`consent answered ${response.status}`);
  return new URL(response.headers.get('location')!);
}

/** PGlite and node-postgres both put result rows under `rows`. */
function readRows(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}

describe.each(databaseTargets)('platform connections on %s', (target) => {
  let sandbox: RunningSandbox;
  let testApp: TestApp;
  let user: SignedInUser;
  let failNextFetches: ((url: string) => boolean) | null = null;
  const tokenRequests: string[] = [];
  const sleeps: number[] = [];

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, now: pinnedNow });
    const countingFetch: PlatformFetch = async (url, init) => {
      if (failNextFetches?.(url)) throw new Error('simulated crash');
      if (url.includes('/oauth2/token')) tokenRequests.push(url);
      return fetch(url, init);
    };
    testApp = await buildTestApp(target, {
      captureLogs: true,
      env: {
        GOOGLE_CLIENT_ID: 'sandbox-google-client-id',
        GOOGLE_CLIENT_SECRET: 'sandbox-google-client-secret',
        META_APP_ID: 'sandbox-meta-app-id',
        META_APP_SECRET: 'sandbox-meta-app-secret',
        GOOGLE_AUTH_URL: `${sandbox.url}/oauth2/auth`,
        GOOGLE_TOKEN_URL: `${sandbox.url}/oauth2/token`,
        GOOGLE_REVOKE_URL: `${sandbox.url}/oauth2/revoke`,
        YOUTUBE_DATA_URL: `${sandbox.url}/youtube/v3`,
        YOUTUBE_ANALYTICS_URL: `${sandbox.url}/youtubeanalytics/v2`,
        META_DIALOG_URL: `${sandbox.url}/facebook/dialog/oauth`,
        META_GRAPH_URL: `${sandbox.url}/graph/v21.0`,
        SYNC_BACKFILL_DAYS: '45',
      },
      now: () => new Date(pinnedNow),
      platformOverrides: {
        fetch: countingFetch,
        retry: {
          baseDelayMs: 1,
          sleep: async (ms: number) => {
            sleeps.push(ms);
          },
        },
      },
    });
    user = await createUser(testApp, 'customer');
  });
  afterAll(async () => {
    await testApp.close();
    await sandbox.close();
  });
  beforeEach(async () => {
    failNextFetches = null;
    sleeps.length = 0;
    await control(sandbox, '/faults', undefined, 'DELETE');
  });

  // The test's browser: the nonce cookie the auth URL sets goes back with the callback.
  let browserCookie = '';
  const authUrl = async (
    provider: string,
    token = user.token,
    returnTo = '/onboarding/connections',
  ) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/${provider}/oauth/auth-url?returnTo=${encodeURIComponent(returnTo)}`,
      headers: { ...bearer(token), ...(browserCookie ? { cookie: browserCookie } : {}) },
    });
    const setCookie = response.headers['set-cookie'];
    if (setCookie) browserCookie = String(setCookie).split(';')[0]!;
    return response;
  };
  const callback = async (provider: string, query: URLSearchParams, cookie = browserCookie) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/oauth/${provider}/callback?${query}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });
    expect(response.statusCode).toBe(302);
    return new URL(response.headers.location as string);
  };
  const listConnections = async (token = user.token) =>
    (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/auth/oauth-connections',
        headers: bearer(token),
      })
    ).json<{
      connections: {
        id: string;
        provider: string;
        status: string;
        sync: { error: string | null };
      }[];
    }>().connections;
  const drain = async () => {
    const worker = startWorker({
      db: testApp.database.db,
      handlers: createSyncHandlers(testApp.database.db, testApp.app.platforms),
      // No polling loop: the test runs due jobs itself.
      concurrency: 0,
      retryDelayMs: () => 3_600_000,
    });
    await worker.drain();
  };
  const connectYouTube = async () => {
    const url = (await authUrl('youtube')).json<{ url: string }>().url;
    const back = await consent(url);
    return callback('youtube', back.searchParams);
  };

  it('builds a consent URL with a one-time state and PKCE S256, and refuses other return paths', async () => {
    const response = await authUrl('google');
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ url: string }>().url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/v1/oauth/youtube/callback',
    );
    const state = url.searchParams.get('state')!;
    const rows = await testApp.database.db.select().from(oauthStates);
    expect(rows.some((row) => row.stateHash === state)).toBe(false);
    expect((await authUrl('youtube', user.token, 'https://evil.example/')).statusCode).toBe(400);
    expect((await authUrl('myspace')).statusCode).toBe(400);
  });

  it('connects YouTube end to end and syncs it through the queue', async () => {
    const landed = await connectYouTube();
    expect(landed.pathname).toBe('/onboarding/connections');
    expect(landed.searchParams.get('connected')).toBe('youtube');
    const [connection] = await listConnections();
    expect(connection).toMatchObject({ provider: 'youtube', status: 'connected', sandbox: false });
    await drain();
    const [synced] = await listConnections();
    expect(synced).toMatchObject({
      status: 'connected',
      dataCompleteThrough: '2025-06-13',
      sync: { percent: 100, error: null },
    });

    const videos = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oauth-connections/${connection!.id}/videos?sort=views&pageSize=5`,
      headers: bearer(user.token),
    });
    expect(videos.statusCode).toBe(200);
    const page = videos.json<{ total: number; items: { stats: { views: number } }[] }>();
    expect(page.total).toBe(300);
    expect(page.items[0]!.stats.views).toBeGreaterThanOrEqual(page.items[1]!.stats.views);
    const channel = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/youtube/oauth/channel-data/${connection!.id}?from=2025-06-01&to=2025-06-13`,
      headers: bearer(user.token),
    });
    expect(channel.statusCode).toBe(200);
    const body = channel.json<{
      channel: { daily: unknown[]; totals: { views: number }; audience: { dimension: string }[] };
    }>();
    expect(body.channel.daily).toHaveLength(13);
    expect(body.channel.totals.views).toBeGreaterThan(0);
    expect(new Set(body.channel.audience.map((entry) => entry.dimension))).toEqual(
      new Set(['age', 'gender', 'age_gender', 'country', 'device', 'traffic_source']),
    );
  });

  it('exports the channel’s content as CSV: every matching item in the table’s order, no formulas', async () => {
    const [connection] = await listConnections();
    const url = (query: string) =>
      `/api/v1/auth/oauth-connections/${connection!.id}/videos?${query}`;
    const json = await testApp.app.inject({
      method: 'GET',
      url: url('sort=views&pageSize=100'),
      headers: bearer(user.token),
    });
    const csv = await testApp.app.inject({
      method: 'GET',
      url: url('sort=views&format=csv'),
      headers: bearer(user.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment; filename=');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Title,Platform,Type,Published,Duration seconds,Views,Watch minutes,Likes,Comments,Shares,Saves,Reach,Estimated revenue,Link,Figures',
    );
    // Every item, not one page.
    expect(lines).toHaveLength(json.json<{ total: number }>().total + 1);
    const first = json.json<{ items: { stats: { views: number } }[] }>().items[0]!;
    expect(lines[1]).toContain(`,YouTube,`);
    expect(lines[1]).toContain(`,${first.stats.views},`);
    expect(lines[1]!.endsWith(',Lifetime')).toBe(true);
    // A title that looks like a formula is written as text.
    const db = testApp.database.db;
    const top = json.json<{ items: { externalId: string; title: string }[] }>().items[0]!;
    const setTitle = (title: string) =>
      db.update(contentItems).set({ title }).where(eq(contentItems.externalId, top.externalId));
    await setTitle('=HYPERLINK("x")');
    const neutral = await testApp.app.inject({
      method: 'GET',
      url: url('sort=views&format=csv'),
      headers: bearer(user.token),
    });
    await setTitle(top.title);
    expect(neutral.body.split('\r\n')[1]!.startsWith(`"'=HYPERLINK(""x"")"`)).toBe(true);
    const bad = await testApp.app.inject({
      method: 'GET',
      url: url('format=xls'),
      headers: bearer(user.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('stores each day’s traffic sources exactly as YouTube reports them, whole days only', async () => {
    const db = testApp.database.db;
    const day = '2025-06-10';
    const stored = await db
      .select({ source: dailyTrafficSources.source, views: dailyTrafficSources.views })
      .from(dailyTrafficSources)
      .where(eq(dailyTrafficSources.day, day));
    const truth = await youtubeReport(sandbox, {
      startDate: day,
      endDate: day,
      metrics: 'views',
      dimensions: 'day,insightTrafficSourceType',
    });
    const [total] = await youtubeReport(sandbox, {
      startDate: day,
      endDate: day,
      metrics: 'views',
      dimensions: 'day',
    });
    const bySource = (a: { source: string }, b: { source: string }) =>
      a.source.localeCompare(b.source);
    expect(stored.sort(bySource)).toEqual(
      truth
        .map((row) => ({ source: String(row.insightTrafficSourceType), views: Number(row.views) }))
        .sort(bySource),
    );
    expect(stored.length).toBeGreaterThan(5);
    expect(stored.reduce((sum, row) => sum + row.views, 0)).toBe(total!.views);
    // Every synced day, and only those: the sources add up to the day's views, and YouTube's two
    // unpublished days are absent.
    const [coverage] = readRows(
      await db.execute(sql`
        select min(t.day)::text as first, max(t.day)::text as last, count(distinct t.day)::int as days,
               count(distinct t.day) filter (where t.views_sum <> d.views)::int as mismatched
        from (select account_id, day, sum(views) as views_sum from daily_traffic_sources group by account_id, day) t
        join account_daily_metrics d on d.account_id = t.account_id and d.day = t.day`),
    );
    expect(coverage).toEqual({ first: '2025-05-01', last: '2025-06-13', days: 44, mismatched: 0 });
  });

  const snapshotDaily = async () =>
    readRows(
      await testApp.database.db.execute(sql`
        select (select md5(string_agg(t::text, ',' order by t.account_id, t.day)) from account_daily_metrics t) as daily,
               (select md5(string_agg(t::text, ',' order by t.content_item_id, t.month)) from content_daily_metrics t) as content,
               (select count(*)::int from content_daily_metrics) as content_rows,
               (select md5(string_agg(t::text, ',' order by t.account_id, t.day, t.source)) from daily_traffic_sources t) as traffic,
               (select count(*)::int from daily_traffic_sources) as traffic_rows`),
    );

  it('re-syncs idempotently: a full re-run gives identical rows', async () => {
    const [connection] = await listConnections();
    const before = await snapshotDaily();
    await testApp.database.db
      .update(platformConnections)
      .set({ syncedThrough: null })
      .where(eq(platformConnections.id, connection!.id));
    await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth-connections/${connection!.id}/refresh`,
      headers: bearer(user.token),
    });
    await drain();
    expect(await snapshotDaily()).toEqual(before);
  });

  it('fills in traffic sources once for a channel synced before they were stored', async () => {
    const [connection] = await listConnections();
    const before = await snapshotDaily();
    await testApp.database.db.delete(dailyTrafficSources);
    await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth-connections/${connection!.id}/refresh`,
      headers: bearer(user.token),
    });
    await drain();
    expect(await snapshotDaily()).toEqual(before);
  });

  it('leaves only whole days after a crash mid-sync, and the next run resumes', async () => {
    const [connection] = await listConnections();
    const db = testApp.database.db;
    await db
      .update(platformConnections)
      .set({ syncedThrough: null })
      .where(eq(platformConnections.id, connection!.id));
    await db.delete(accountDailyMetrics);
    await db.delete(contentDailyMetrics);
    let reports = 0;
    // The first 30-day chunk needs 32 report calls (channel, traffic sources, one per day); die
    // in the second.
    failNextFetches = (url) => url.includes('/reports') && (reports += 1) > 40;
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth-connections/${connection!.id}/refresh`,
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(202);
    await drain();
    const [row] = await db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, connection!.id));
    expect(row!.syncedThrough).not.toBeNull();
    const [latest] = await db
      .execute<{ day: string | null }>(
        // The last day written: the highest day bit of the latest month row.
        sql`select max(month + (32 - position('1' in days::bit(32)::text)))::text as day
            from content_daily_metrics`,
      )
      .then((result) => (result as unknown as { rows: { day: string | null }[] }).rows);
    expect(latest!.day! <= row!.syncedThrough!).toBe(true);
    failNextFetches = null;
    await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.queue, syncQueue));
    await drain();
    const [done] = await listConnections();
    expect(done).toMatchObject({ status: 'connected', dataCompleteThrough: '2025-06-13' });
  });

  it('honours Retry-After on 429 and retries 5xx at most 3 times', async () => {
    const [connection] = await listConnections();
    await control(sandbox, '/faults', {
      match: { api: 'youtube', path: '/channels' },
      fault: { type: '429', retryAfterSeconds: 2 },
      times: 1,
    });
    await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth-connections/${connection!.id}/refresh`,
      headers: bearer(user.token),
    });
    await drain();
    expect(sleeps).toContain(2000);
    expect((await listConnections())[0]!.status).toBe('connected');

    sleeps.length = 0;
    await control(sandbox, '/faults', {
      match: { api: 'youtube', path: '/channels' },
      fault: { type: '5xx', status: 503 },
    });
    await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth-connections/${connection!.id}/refresh`,
      headers: bearer(user.token),
    });
    await drain();
    expect(sleeps).toHaveLength(3);
    const [failed] = await listConnections();
    expect(failed!.status).toBe('error');
    expect(failed!.sync.error).toMatch(/503 after 4 attempts/);
  });

  it('pauses on quotaExceeded until midnight Pacific, and fails malformed bodies with a reason', async () => {
    const [connection] = await listConnections();
    const db = testApp.database.db;
    await db.delete(jobs);
    await control(sandbox, '/faults', {
      match: { api: 'youtube', path: '/channels' },
      fault: { type: 'quotaExceeded' },
    });
    await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth-connections/${connection!.id}/refresh`,
      headers: bearer(user.token),
    });
    await drain();
    const [paused] = await db.select().from(jobs).where(eq(jobs.queue, syncQueue));
    expect(paused).toMatchObject({ status: 'queued', attempts: 0 });
    // 2025-06-15 12:00 UTC is 05:00 in Los Angeles: 19 h until the quota resets (+1 min slack).
    const pauseMs = paused!.runAt.getTime() - Date.now();
    expect(Math.abs(pauseMs - (19 * 60 + 1) * 60_000)).toBeLessThan(60_000);

    await control(sandbox, '/faults', undefined, 'DELETE');
    await db.delete(jobs);
    await control(sandbox, '/faults', {
      match: { api: 'youtube', path: '/channels' },
      fault: { type: 'malformed' },
    });
    await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth-connections/${connection!.id}/refresh`,
      headers: bearer(user.token),
    });
    await drain();
    const [failed] = await listConnections();
    expect(failed!.status).toBe('error');
    expect(failed!.sync.error).toMatch(/not JSON/);
    const [job] = await db.select().from(jobs).where(eq(jobs.queue, syncQueue));
    expect(job!.status).toBe('failed');
  });

  it('binds the flow to the browser that started it: a forwarded consent link connects nothing', async () => {
    const attacker = await createUser(testApp, 'customer', 'Attacker');
    const started = await authUrl('youtube', attacker.token);
    const setCookie = String(started.headers['set-cookie']);
    expect(setCookie).toMatch(/^crescendo-oauth=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    const attackerCookie = browserCookie;
    // The victim consents with their own account; their browser has no cookie, or its own one.
    const back = await consent(started.json<{ url: string }>().url, 'small');
    const countRows = async () =>
      (await testApp.database.db.select().from(platformConnections)).length;
    const before = await countRows();
    const noCookie = await callback('youtube', back.searchParams, '');
    expect(noCookie.searchParams.get('error')).toBe('other_browser');
    const victimCookie = 'crescendo-oauth=' + 'A'.repeat(43);
    const wrongCookie = await callback('youtube', back.searchParams, victimCookie);
    expect(wrongCookie.searchParams.get('error')).toBe('other_browser');
    expect(await countRows()).toBe(before);
    const [state] = await testApp.database.db
      .select()
      .from(oauthStates)
      .orderBy(desc(oauthStates.createdAt))
      .limit(1);
    expect(state!.usedAt).toBeNull();
    // The browser that started it still finishes (nothing was burnt by the refusals).
    const own = await callback('youtube', back.searchParams, attackerCookie);
    expect(own.searchParams.get('connected')).toBe('youtube');
    expect(await countRows()).toBe(before + 1);
    const [theirs] = await listConnections(attacker.token);
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/auth/oauth-connections/${theirs!.id}`,
      headers: bearer(attacker.token),
    });
    expect(removed.statusCode).toBe(200);
  });

  it('keeps the nonce cookie a browser already holds (two flows in two tabs) and prefixes it __Host- over https', async () => {
    const first = await authUrl('youtube');
    const firstCookie = browserCookie;
    const second = await authUrl('meta');
    expect(browserCookie).toBe(firstCookie);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const { oauthNonceCookie } = await import('./oauth.service');
    expect(oauthNonceCookie('https://app.crescendo.fm')).toEqual({
      name: '__Host-crescendo-oauth',
      isSecure: true,
    });
    expect(oauthNonceCookie('http://localhost:3000')).toEqual({
      name: 'crescendo-oauth',
      isSecure: false,
    });
  });

  it('refuses missing, unknown, replayed, expired and cross-provider state', async () => {
    const missing = await callback('youtube', new URLSearchParams({ code: 'x' }));
    expect(missing.searchParams.get('error')).toBe('missing_state');
    const unknown = await callback(
      'youtube',
      new URLSearchParams({ code: 'x', state: 'forged-state' }),
    );
    expect(unknown.searchParams.get('error')).toBe('unknown_state');

    const url = (await authUrl('youtube')).json<{ url: string }>().url;
    const back = await consent(url);
    const crossProvider = await callback('meta', back.searchParams);
    expect(crossProvider.searchParams.get('error')).toBe('wrong_provider');
    const first = await callback('youtube', back.searchParams);
    expect(first.searchParams.get('error')).toBe('state_used');

    const second = (await authUrl('youtube')).json<{ url: string }>().url;
    const secondBack = await consent(second);
    await testApp.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${oauthStates.usedAt} is null`);
    const expired = await callback('youtube', secondBack.searchParams);
    expect(expired.searchParams.get('error')).toBe('state_expired');
    expect(expired.pathname).toBe('/onboarding/connections');
  });

  it('refuses a wrong PKCE verifier and a redirect URI that differs by one character', async () => {
    const url = (await authUrl('youtube')).json<{ url: string }>().url;
    const back = await consent(url);
    const cipher = testApp.app.platforms.cipher;
    const [state] = await testApp.database.db
      .select()
      .from(oauthStates)
      .orderBy(desc(oauthStates.createdAt))
      .limit(1);
    await testApp.database.db
      .update(oauthStates)
      .set({
        codeVerifierSealed: cipher.encrypt(
          'a'.repeat(64),
          `oauth_states:${state!.stateHash}:code_verifier`,
        ),
      })
      .where(eq(oauthStates.id, state!.id));
    const wrongVerifier = await callback('youtube', back.searchParams);
    expect(wrongVerifier.searchParams.get('error')).toBe('pkce_mismatch');

    const other = (await authUrl('youtube')).json<{ url: string }>().url;
    const otherBack = await consent(other, 'mid', (form) =>
      form.set('redirect_uri', form.get('redirect_uri')!.replace('callback', 'callbacK')),
    );
    const mismatch = await callback('youtube', otherBack.searchParams);
    expect(mismatch.searchParams.get('error')).toBe('redirect_uri_mismatch');
  });

  it('connects Meta and syncs Instagram and the Facebook Page', async () => {
    const url = (await authUrl('meta')).json<{ url: string }>().url;
    const landed = await callback('meta', (await consent(url)).searchParams);
    expect(landed.searchParams.get('connected')).toBe('meta');
    await drain();
    const meta = (await listConnections()).find((connection) => connection.provider === 'meta')!;
    expect(meta.status).toBe('connected');
    const data = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/meta/oauth/account-data/${meta.id}`,
      headers: bearer(user.token),
    });
    expect(data.statusCode).toBe(200);
    const body = data.json<{
      instagram: { daily: { reach: number | null; views: number | null }[] };
      facebook: { daily: unknown[] };
    }>();
    expect(body.instagram.daily.length).toBeGreaterThan(30);
    expect(body.instagram.daily.every((day) => day.reach !== null && day.views !== null)).toBe(
      true,
    );
    expect(body.facebook.daily.length).toBeGreaterThan(30);
    const reels = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/auth/oauth-connections/${meta.id}/videos?kind=reel&pageSize=1`,
      headers: bearer(user.token),
    });
    expect(reels.json<{ total: number }>().total).toBeGreaterThan(0);
  });

  it("answers 404 for another organisation's connection ids", async () => {
    const stranger = await createUser(testApp, 'customer');
    const [connection] = await listConnections();
    for (const [method, path] of [
      ['GET', `/api/v1/auth/oauth-connections/${connection!.id}/videos`],
      ['GET', `/api/v1/youtube/oauth/channel-data/${connection!.id}`],
      ['POST', `/api/v1/auth/oauth-connections/${connection!.id}/refresh`],
      ['DELETE', `/api/v1/auth/oauth-connections/${connection!.id}`],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url: path,
        headers: bearer(stranger.token),
      });
      expect(response.statusCode, path).toBe(404);
    }
    expect(await listConnections(stranger.token)).toEqual([]);
  });

  it('refreshes an expiring access token once, however many callers need it at the same time', async () => {
    const [connection] = await listConnections();
    const row = { id: connection!.id, organizationId: user.me.organization.id };
    const setExpiry = (at: Date) =>
      testApp.database.db
        .update(platformConnections)
        .set({ accessTokenExpiresAt: at })
        .where(eq(platformConnections.id, row.id));
    await setExpiry(new Date(0));
    tokenRequests.length = 0;
    const tokens = await Promise.all(
      Array.from({ length: 6 }, () =>
        getAccessToken(testApp.database.db, testApp.app.platforms, row),
      ),
    );
    expect(tokenRequests).toHaveLength(1);
    expect(new Set(tokens).size).toBe(1);
    const [stored] = await testApp.database.db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, row.id));
    expect(stored!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(new Date(pinnedNow).getTime());
    // Fresh now: the next caller uses it as it is.
    expect(await getAccessToken(testApp.database.db, testApp.app.platforms, row)).toBe(tokens[0]);
    expect(tokenRequests).toHaveLength(1);
  });

  it('marks reconnect_needed when the grant is revoked', async () => {
    const [connection] = await listConnections();
    await control(sandbox, '/revoke', { persona: 'mid', provider: 'google' });
    // Force a refresh: the access token is treated as expired.
    await testApp.database.db
      .update(platformConnections)
      .set({ accessTokenExpiresAt: new Date(0) })
      .where(eq(platformConnections.id, connection!.id));
    await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth-connections/${connection!.id}/refresh`,
      headers: bearer(user.token),
    });
    await drain();
    expect((await listConnections())[0]!.status).toBe('reconnect_needed');
  });

  it('keeps every token out of the database and the logs, and disconnect removes the data', async () => {
    const state = (await control(sandbox, '/state')) as { grants?: unknown };
    const tokens = new Set<string>(
      JSON.stringify(state).match(/(?:ya29|sbx|sandbox)[\w.-]{8,}/g) ?? [],
    );
    const dump = await testApp.database.db.execute(sql`
      select string_agg(t::text, ' ') as text from (
        select row_to_json(c)::text as t from platform_connections c
        union all select row_to_json(s)::text from oauth_states s
        union all select row_to_json(j)::text from jobs j) as rows`);
    const text = JSON.stringify(dump) + testApp.logs.join('\n');
    for (const token of tokens) expect(text.includes(token), token).toBe(false);
    expect(text).not.toMatch(/sandbox-(google|meta)-(token|refresh)/);

    for (const connection of await listConnections()) {
      const response = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/v1/auth/oauth-connections/${connection.id}`,
        headers: bearer(user.token),
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await listConnections()).toEqual([]);
    const [count] = await testApp.database.db
      .execute<{ n: number }>(
        sql`select (select count(*) from account_daily_metrics) + (select count(*) from daily_traffic_sources) as n`,
      )
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(Number(count!.n)).toBe(0);
  });
});
