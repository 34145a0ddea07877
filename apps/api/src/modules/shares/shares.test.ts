import {
  shareGoneMessage,
  shareNoPlatformMessage,
  type ShareLinkCreated,
} from '@crescendo/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareLinks } from '../../db/schema';
import { bearer, type SignedInUser, type TestApp, uniqueEmail } from '../../testing/build-test-app';
import {
  createSyncedArtist,
  sandboxPinnedNow,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/synced-artist';
import { invite, signUpAndAccept, subscribe } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';
import { hashShareToken } from './share-secrets';
import { sharePasswordLimits } from './shared-view.service';

// Creating, listing, locking and revoking links. What a link shows is in shared-view.test.ts.
const pinnedNow = sandboxPinnedNow;
const tokenOf = (created: ShareLinkCreated) => created.path.replace('/s/', '');

describe.each(databaseTargets)('verified share links on %s', (target) => {
  let sandboxApp: SandboxTestApp;
  let testApp: TestApp;
  let artist: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    sandboxApp = await startSandboxTestApp(target, { backfillDays: 7 });
    testApp = sandboxApp.testApp;
    artist = await createSyncedArtist(testApp, { youtube: 'small' });
    stranger = await createSyncedArtist(testApp, { youtube: 'small' });
  }, 300_000);
  afterAll(async () => {
    await sandboxApp?.close();
  });

  const create = (payload: object, user = artist) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: bearer(user.token),
      payload: { platforms: ['youtube'], ...payload },
    });
  const createLink = async (payload: object, user = artist) => {
    const response = await create(payload, user);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ShareLinkCreated>();
  };
  const open = (token: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: `/api/public/shares/${token}`, headers });
  const dashboard = (path: string, user = artist) =>
    testApp.app.inject({ method: 'GET', url: path, headers: bearer(user.token) });

  it('keeps only a hash of the token, and shows the token once', async () => {
    const created = await createLink({ view: 'overview', range: '28d' });
    const token = tokenOf(created);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const dump = await testApp.database.db.execute(
      sql`select * from share_links where id = ${created.link.id}`,
    );
    expect(JSON.stringify(dump)).not.toContain(token);
    const listed = await dashboard('/api/shares');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(token);
    expect(listed.json().links[0]).toMatchObject({
      id: created.link.id,
      status: 'active',
      platforms: ['youtube'],
    });
  });

  it('takes a non-empty set of the organisation’s connected platforms', async () => {
    expect((await dashboard('/api/shares')).json().connectedPlatforms).toEqual(['youtube']);
    const none = await create({ view: 'overview', platforms: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details.fields).toEqual([
      { field: 'platforms', message: shareNoPlatformMessage },
    ]);
    const missing = await create({ view: 'overview', platforms: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details.fields[0].field).toBe('platforms');
    expect((await create({ view: 'overview', platforms: ['tiktok'] })).statusCode).toBe(400);
    // Instagram and Facebook are not connected: the link could not verify them.
    const unconnected = await create({
      view: 'overview',
      platforms: ['youtube', 'facebook', 'instagram'],
    });
    expect(unconnected.statusCode).toBe(400);
    expect(unconnected.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Connect Instagram and Facebook first, or leave them out.',
      details: { fields: [{ field: 'platforms' }] },
    });
    const repeated = await createLink({ view: 'overview', platforms: ['youtube', 'youtube'] });
    expect(repeated.link.platforms).toEqual(['youtube']);
  });

  it('answers 404 with a kind message once revoked or expired', async () => {
    const created = await createLink({ view: 'overview', range: '7d' });
    const token = tokenOf(created);
    expect((await open(token)).statusCode).toBe(200);
    const revoked = await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${created.link.id}/revoke`,
      headers: bearer(artist.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    const gone = await open(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({ code: 'NOT_FOUND', message: shareGoneMessage });

    const expiring = await createLink({
      view: 'overview',
      range: '7d',
      expiresAt: new Date(Date.parse(pinnedNow) + 60_000).toISOString(),
    });
    await testApp.database.db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.parse(pinnedNow) - 1000) })
      .where(eq(shareLinks.id, expiring.link.id));
    const expired = await open(tokenOf(expiring));
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe(shareGoneMessage);
    expect((await open('A'.repeat(43))).statusCode).toBe(404);
  });

  it('refuses an expiry in the past and bad input with 400', async () => {
    const past = await create({ view: 'overview', expiresAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe('VALIDATION_FAILED');
    const bad = await create({ view: 'roi', range: '28d', from: '2025-01-01' });
    expect(bad.statusCode).toBe(400);
    expect((await create({ view: 'overview', password: 'short' })).statusCode).toBe(400);
  });

  it('keeps to the plan’s history window: refused on creation, closed after a downgrade', async () => {
    const tooLong = await create({ view: 'overview', from: '2023-01-01', to: '2025-06-01' });
    expect(tooLong.statusCode).toBe(403);
    expect(tooLong.json().error.code).toBe('PLAN_LIMIT');
    // As if created on a bigger plan, before a downgrade.
    const token = 'B'.repeat(43);
    await testApp.database.db.insert(shareLinks).values({
      organizationId: artist.me.organization.id,
      tokenHash: hashShareToken(token),
      view: 'overview',
      platforms: ['youtube'],
      fromDay: '2023-01-01',
      toDay: '2025-06-01',
    });
    const closed = await open(token);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().error.message).toBe(shareGoneMessage);
  });

  it('asks for the password, rate-limits wrong ones, and grants the link alone', async () => {
    const created = await createLink({
      view: 'overview',
      range: '28d',
      password: 'open sesame 42',
    });
    const token = tokenOf(created);
    const locked = (await open(token)).json();
    expect(locked).toMatchObject({ isLocked: true, overview: null, freshness: [] });
    const unlock = (password: string, address = '203.0.113.7') =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/public/shares/${token}/unlock`,
        remoteAddress: address,
        payload: { password },
      });
    const right = await unlock('open sesame 42');
    expect(right.statusCode).toBe(200);
    const { grant } = right.json();
    const unlocked = await open(token, { 'x-share-grant': grant });
    expect(unlocked.json()).toMatchObject({ isLocked: false });
    expect(unlocked.json().overview.combined.views.value).toEqual(expect.any(Number));

    // The grant is for this link only.
    const other = await createLink({ view: 'overview', range: '28d', password: 'open sesame 42' });
    expect((await open(tokenOf(other), { 'x-share-grant': grant })).json().isLocked).toBe(true);
    expect((await open(token, { 'x-share-grant': `${grant}x` })).json().isLocked).toBe(true);

    for (let attempt = 0; attempt < sharePasswordLimits.perAddress; attempt += 1) {
      const wrong = await unlock('guess');
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await unlock('open sesame 42');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another address still may try.
    expect((await unlock('open sesame 42', '198.51.100.9')).statusCode).toBe(200);
    const [stored] = await testApp.database.db
      .select({ passwordHash: shareLinks.passwordHash })
      .from(shareLinks)
      .where(eq(shareLinks.id, created.link.id));
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(stored!.passwordHash).not.toContain('open sesame');
  });

  it('keeps organisations apart', async () => {
    const artistsLink = await createLink({ view: 'overview', range: '7d' });
    const listed = (await dashboard('/api/shares', stranger)).json();
    expect(listed.links.map((link: { id: string }) => link.id)).not.toContain(artistsLink.link.id);
    const revoke = await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${artistsLink.link.id}/revoke`,
      headers: bearer(stranger.token),
    });
    expect(revoke.statusCode).toBe(404);
    expect((await open(tokenOf(artistsLink))).statusCode).toBe(200);
  });

  it('lets only the owner or a manager manage links, and nobody signed out', async () => {
    // Team lets the artist's owner bring in a manager (decision 0019); a viewer never counts.
    const owner = await createSyncedArtist(testApp, { youtube: 'small' });
    await subscribe(testApp, owner.me.organization.id);
    const asMember = async (role: 'manager' | 'viewer') => {
      const email = uniqueEmail(role);
      const invitation = await invite(testApp, owner.token, email, role);
      const joined = await signUpAndAccept(testApp, invitation.token, email);
      expect(joined.status).toBe(200);
      return { token: joined.token } as SignedInUser;
    };
    const viewer = await asMember('viewer');
    expect((await create({ view: 'overview' }, viewer)).statusCode).toBe(403);
    expect((await dashboard('/api/shares', viewer)).statusCode).toBe(403);
    const manager = await asMember('manager');
    const created = await create({ view: 'overview', range: '28d' }, manager);
    expect(created.statusCode, created.body).toBe(201);
    const listed = await dashboard('/api/shares', manager);
    expect(listed.statusCode).toBe(200);
    // The manager's link belongs to the owner's artist: the owner sees it too.
    const ownersList = await dashboard('/api/shares', owner);
    expect(ownersList.body).toContain(created.json<ShareLinkCreated>().link.id);
    const signedOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/shares',
      payload: { view: 'overview' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps share tokens out of the logs', async () => {
    const { redactUrl } = await import('../../plugins/request-id');
    expect(redactUrl('/api/public/shares/abcdefghijklmnopqrstuvwxyz123?page=2')).toBe(
      '/api/public/shares/[REDACTED]?page=2',
    );
    expect(redactUrl('/s/abcdefghijklmnopqrstuvwxyz123')).toBe('/s/[REDACTED]');
  });
});
