import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../../testing/build-test-app';
import { connectAs, drainSyncJobs, sandboxEnv } from '../../../testing/sandbox-connections';
import { databaseTargets } from '../../../testing/test-database';

const pinnedNow = '2025-06-15T12:00:00Z';

type Overview = {
  range: { from: string; to: string };
  byPlatform: { youtube?: { views: { value: number } } };
};

describe.each(databaseTargets)('cached dashboard answers on %s', (target) => {
  let sandbox: RunningSandbox;
  let first: TestApp;
  /** A second API process: its own app and cache, the same database. */
  let second: TestApp;
  let artist: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, now: pinnedNow });
    const options = {
      env: sandboxEnv(sandbox, 60),
      now: () => new Date(pinnedNow),
      platformOverrides: {
        retry: { baseDelayMs: 1, sleep: async () => {} },
      },
    };
    first = await buildTestApp(target, options);
    second = await buildTestApp(target, { ...options, sharedDatabase: first.database });
    artist = await createUser(first, 'customer');
    other = await createUser(first, 'customer');
    await connectAs(first, artist.token, 'youtube', 'mid');
    await connectAs(first, other.token, 'youtube', 'small');
    await drainSyncJobs(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await sandbox?.close();
  });

  const get = (app: TestApp, url: string, user: SignedInUser, headers = {}) =>
    app.app.inject({ method: 'GET', url, headers: { ...bearer(user.token), ...headers } });

  it('labels each answer with an ETag and answers 304 while the figures are unchanged', async () => {
    for (const path of ['analytics', 'audience', 'content', 'roi']) {
      const url = `/api/dashboard/${path}?range=28d`;
      const fresh = await get(first, url, artist);
      expect(fresh.statusCode, path).toBe(200);
      const etag = fresh.headers.etag as string;
      expect(etag, path).toMatch(/^"a-[\w-]+"$/);
      expect(fresh.headers['cache-control'], path).toBe('private, no-cache');

      const reused = await get(first, url, artist);
      expect(reused.statusCode, path).toBe(200);
      expect(reused.body, path).toBe(fresh.body);
      expect(reused.headers['content-type'], path).toMatch(/^application\/json/);

      const revalidated = await get(first, url, artist, { 'if-none-match': etag });
      expect(revalidated.statusCode, path).toBe(304);
      expect(revalidated.body, path).toBe('');
    }
  });

  it('shows a synced figure at once: any write to the stored analytics moves the version', async () => {
    const url = '/api/dashboard/analytics?range=28d&platform=youtube';
    const before = await get(first, url, artist);
    const overview = before.json<Overview>();
    // A writer the cache knows nothing about: the database's triggers still see it.
    await first.database.db.execute(
      sql`update account_daily_metrics set views = views + 1000
          where organization_id = ${artist.me.organization.id} and day = ${overview.range.to}`,
    );
    const after = await get(first, url, artist, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<Overview>().byPlatform.youtube!.views.value).toBe(
      overview.byPlatform.youtube!.views.value + 1000,
    );
  });

  it("shows another process's write at once", async () => {
    const url = '/api/dashboard/roi?range=28d';
    const before = await get(first, url, artist);
    expect(before.statusCode).toBe(200);
    const created = await second.app.inject({
      method: 'POST',
      url: '/api/dashboard/roi/campaigns',
      headers: bearer(artist.token),
      payload: {
        name: 'Cache check ads',
        channel: 'youtube_ads',
        amount: 120,
        startDate: '2025-06-01',
        endDate: '2025-06-10',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await get(first, url, artist);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Cache check ads');
    expect(before.body).not.toContain('Cache check ads');
  });

  it('never answers one organisation with another one’s cached figures', async () => {
    const url = '/api/dashboard/analytics?range=28d';
    const mine = await get(first, url, artist);
    const theirs = await get(first, url, other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
    expect(theirs.body).not.toBe(mine.body);
    // Their browser holding my ETag still gets their own figures.
    const crossed = await get(first, url, other, { 'if-none-match': mine.headers.etag as string });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.body).toBe(theirs.body);
  });

  it('does not reuse CSV exports (each one is counted against the plan)', async () => {
    const url = '/api/dashboard/analytics?range=28d&format=csv';
    const response = await get(first, url, artist);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeUndefined();
  });
});
