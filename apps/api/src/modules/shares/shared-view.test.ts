import type { ShareLinkCreated } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type SignedInUser, type TestApp } from '../../testing/build-test-app';
import {
  createSyncedArtist,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/synced-artist';
import { databaseTargets } from '../../testing/test-database';

// What a link shows: the dashboard's own figures for its view, window and platforms, and nothing
// else of the account. Creating and revoking links is in shares.test.ts.
const tokenOf = (created: ShareLinkCreated) => created.path.replace('/s/', '');
const everyPlatform = ['youtube', 'instagram', 'facebook'];
const chosen = ['youtube', 'instagram'];
const window = { from: '2025-05-20', to: '2025-06-10' };
const windowQuery = `from=${window.from}&to=${window.to}`;

type Figure = { value: number | null };
type Kpis = { followers: { total: number | null } } & Record<string, Figure>;
type Point = { views: number | null; byPlatform: Record<string, unknown> };
type Freshness = {
  platform: string;
  connectionId?: string;
  pendingDays?: string[];
  sandbox?: boolean;
};

/** Two figures added as the dashboard adds them: unknown only when both are. */
const addKnown = (a: number | null, b: number | null) =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

describe.each(databaseTargets)('the shared view on %s', (target) => {
  let sandboxApp: SandboxTestApp;
  let testApp: TestApp;
  let artist: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    sandboxApp = await startSandboxTestApp(target, { backfillDays: 40 });
    testApp = sandboxApp.testApp;
    artist = await createSyncedArtist(testApp, { youtube: 'mid', meta: 'mid' });
    stranger = await createSyncedArtist(testApp, { youtube: 'small' });
    const campaign = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/roi/campaigns',
      headers: bearer(artist.token),
      payload: {
        name: 'Secret single push',
        channel: 'youtube_ads',
        amount: 250,
        currency: 'usd',
        startDate: '2025-06-01',
        endDate: '2025-06-07',
      },
    });
    expect(campaign.statusCode).toBe(201);
  }, 300_000);
  afterAll(async () => {
    await sandboxApp?.close();
  });

  const createLink = async (payload: object, user = artist) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: bearer(user.token),
      payload: { platforms: everyPlatform, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ShareLinkCreated>();
  };
  const open = (token: string, query = '') =>
    testApp.app.inject({ method: 'GET', url: `/api/public/shares/${token}${query}` });
  const dashboard = async (path: string, user = artist) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: path,
      headers: bearer(user.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('shows the overview with the dashboard’s own figures, and no revenue unless ticked', async () => {
    const created = await createLink({ view: 'overview', range: '28d' });
    const response = await open(tokenOf(created));
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toContain('noindex');
    const shared = response.json();
    const own = await dashboard('/api/dashboard/analytics?range=28d&platform=all');
    const { estimatedRevenue: _revenue, ...combinedWithoutRevenue } = own.combined;
    expect(shared.overview.combined).toEqual(combinedWithoutRevenue);
    expect(shared.overview.range).toEqual(own.range);
    expect(shared.overview.series.map((point: Point) => point.views)).toEqual(
      own.series.map((point: Point) => point.views),
    );
    expect(response.body).not.toContain('estimatedRevenue');
    expect(shared.verifiedPlatforms).toEqual(everyPlatform);
    expect(shared.platforms).toEqual(everyPlatform);
    expect(shared.freshness).toHaveLength(own.freshness.length);
    expect(shared.freshness[0]).not.toHaveProperty('connectionId');
    // The reader is not told the owner's accounts are test (sandbox) connections.
    expect(own.freshness[0]).toHaveProperty('sandbox');
    expect(shared.freshness[0]).not.toHaveProperty('sandbox');
    expect(shared).toMatchObject({ isLocked: false, view: 'overview', includesRevenue: false });

    const withRevenue = await createLink({ view: 'overview', range: '28d', includeRevenue: true });
    const sharedRevenue = (await open(tokenOf(withRevenue))).json();
    expect(sharedRevenue.overview.combined).toEqual(own.combined);
    expect(sharedRevenue.overview.byPlatform).toEqual(own.byPlatform);
  });

  it('never shows campaigns, insights, emails or the organisation’s ids', async () => {
    const created = await createLink({ view: 'overview', range: '28d', includeRevenue: true });
    const body = (await open(tokenOf(created))).body;
    expect(body).not.toContain('Secret single push');
    expect(body).not.toContain('insights');
    expect(body).not.toContain(artist.email);
    expect(body).not.toContain(artist.me.organization.id);
    expect(body).not.toContain(artist.me.user.id);
  });

  it('shows the audience and content views with the dashboard’s figures, for one platform', async () => {
    const audienceLink = await createLink({
      view: 'audience',
      range: '28d',
      platforms: ['youtube'],
    });
    const sharedAudience = (await open(tokenOf(audienceLink))).json();
    const ownAudience = await dashboard('/api/dashboard/audience?range=28d&platform=youtube');
    expect(sharedAudience.audience.breakdowns).toEqual(ownAudience.breakdowns);
    expect(sharedAudience.verifiedPlatforms).toEqual(['youtube']);
    expect(sharedAudience.overview).toBeNull();

    const contentLink = await createLink({ view: 'content', ...window });
    const sharedContent = (await open(tokenOf(contentLink), '?page=2')).json();
    const ownContent = await dashboard(`/api/dashboard/content?${windowQuery}&page=2`);
    expect(sharedContent.content.total).toBe(ownContent.total);
    expect(sharedContent.content.items).toEqual(
      ownContent.items.map(({ id: _id, ...item }: { id: string }) => item),
    );
  });

  it('shows two chosen platforms with the dashboard’s own figures for them, and nothing of the third', async () => {
    const created = await createLink({
      view: 'overview',
      ...window,
      platforms: ['instagram', 'youtube'],
      includeRevenue: true,
    });
    expect(created.link.platforms).toEqual(chosen);
    const response = await open(tokenOf(created));
    expect(response.statusCode).toBe(200);
    const shared = response.json();
    const [all, youtube, instagram] = await Promise.all(
      ['all', 'youtube', 'instagram'].map((platform) =>
        dashboard(`/api/dashboard/analytics?${windowQuery}&platform=${platform}`),
      ),
    );
    expect(shared.overview.range).toMatchObject({ ...window, days: all.range.days });
    expect(youtube.range).toMatchObject(window);

    // Each platform's figures are the dashboard's, whether it shows that platform alone or all.
    expect(shared.overview.byPlatform).toEqual({
      youtube: youtube.byPlatform.youtube,
      instagram: instagram.byPlatform.instagram,
    });
    expect(shared.overview.byPlatform).toEqual({
      youtube: all.byPlatform.youtube,
      instagram: all.byPlatform.instagram,
    });
    // The combined figures add up the two, and only the two.
    const combined: Kpis = shared.overview.combined;
    const sumOf = (key: string) =>
      addKnown(youtube.combined[key].value, instagram.combined[key].value);
    for (const key of ['views', 'engagements', 'watchMinutes']) {
      expect((combined[key] as Figure).value, key).toBe(sumOf(key));
    }
    const views = (combined.views as Figure).value;
    expect(combined.followers.total).toBe(
      addKnown(youtube.combined.followers.total, instagram.combined.followers.total),
    );
    expect(views).toBeGreaterThan(0);
    // Facebook had views in the window; none of them is in the shared total.
    expect(all.byPlatform.facebook.views.value).toBeGreaterThan(0);
    expect(all.combined.views.value).toBe(addKnown(views, all.byPlatform.facebook.views.value));
    expect(shared.overview.series.map((point: Point) => point.views)).toEqual(
      youtube.series.map((point: Point, index: number) =>
        addKnown(point.views, instagram.series[index].views),
      ),
    );
    expect(shared.overview.series.map((point: Point) => point.byPlatform)).toEqual(
      all.series.map(({ byPlatform }: Point) => ({
        youtube: byPlatform.youtube,
        instagram: byPlatform.instagram,
      })),
    );

    // "Verified from connected YouTube / Instagram accounts", and their freshness alone.
    expect(shared.platforms).toEqual(chosen);
    expect(shared.verifiedPlatforms).toEqual(chosen);
    const chosenFreshness = all.freshness
      .filter((account: Freshness) => chosen.includes(account.platform))
      .map(
        ({ connectionId: _id, pendingDays: _days, sandbox: _sandbox, ...account }: Freshness) =>
          account,
      );
    expect(shared.freshness).toEqual(chosenFreshness);

    // Not one key or entry of Facebook's anywhere in the answer.
    expect(response.body).not.toMatch(/facebook/i);
  });

  it('shows the audience and content of two chosen platforms, and nothing of the third', async () => {
    const audienceLink = await createLink({ view: 'audience', ...window, platforms: chosen });
    const audienceResponse = await open(tokenOf(audienceLink));
    const sharedAudience = audienceResponse.json().audience;
    const ownAudience = await dashboard(`/api/dashboard/audience?${windowQuery}&platform=all`);
    expect(sharedAudience.range).toEqual(ownAudience.range);
    expect(sharedAudience.breakdowns).toEqual(
      ownAudience.breakdowns.filter((breakdown: Freshness) => chosen.includes(breakdown.platform)),
    );
    const shownPlatforms = new Set(
      sharedAudience.breakdowns.map((breakdown: Freshness) => breakdown.platform),
    );
    expect([...shownPlatforms].sort()).toEqual([...chosen].sort());

    const contentLink = await createLink({ view: 'content', ...window, platforms: chosen });
    const contentResponse = await open(tokenOf(contentLink));
    const sharedContent = contentResponse.json().content;
    const [youtube, instagram] = await Promise.all(
      ['youtube', 'instagram'].map((platform) =>
        dashboard(`/api/dashboard/content?${windowQuery}&platform=${platform}`),
      ),
    );
    expect(sharedContent.total).toBe(youtube.total + instagram.total);
    expect(sharedContent.items.length).toBeGreaterThan(0);
    for (const item of sharedContent.items) expect(chosen).toContain(item.platform);
    for (const body of [audienceResponse.body, contentResponse.body]) {
      expect(body).not.toMatch(/facebook/i);
    }
  });

  it('keeps organisations apart', async () => {
    const strangersLink = await createLink(
      { view: 'overview', range: '28d', platforms: ['youtube'] },
      stranger,
    );
    const shared = (await open(tokenOf(strangersLink))).json();
    const strangersOwn = await dashboard('/api/dashboard/analytics?range=28d', stranger);
    const artistsOwn = await dashboard('/api/dashboard/analytics?range=28d');
    expect(shared.overview.combined.views).toEqual(strangersOwn.combined.views);
    expect(shared.overview.combined.views).not.toEqual(artistsOwn.combined.views);
    expect(shared.verifiedPlatforms).toEqual(['youtube']);
  });
});
