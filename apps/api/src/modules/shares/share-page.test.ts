import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { shareLinks } from '../../db/schema';
import { generateShareToken, hashSharePassword, hashShareToken } from './share-secrets';

describe.each(databaseTargets)('the shared page as served on %s', (target) => {
  let testApp: TestApp;
  let artist: SignedInUser;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-share-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><!--crescendo-config--><title>Crescendo</title></head><body><div id="root"></div></body></html>',
    );
    testApp = await buildTestApp(target, { env: { WEB_DIST_DIR: distDir } });
    artist = await createUser(testApp, 'customer');
    const profile = await testApp.app.inject({
      method: 'POST',
      url: '/api/artist/profile',
      headers: bearer(artist.token),
      payload: { artistName: 'Nova "Lane" <b>', genres: ['dream pop'], country: 'GB' },
    });
    expect(profile.statusCode, profile.body).toBe(201);
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  // Stored directly: this artist has no connected platform to create a link through the API with
  // (shares.test.ts covers creating); the page is what is under test here.
  const createLink = async (
    values: Pick<typeof shareLinks.$inferInsert, 'view' | 'platforms' | 'range'>,
    password?: string,
  ) => {
    const token = generateShareToken();
    const [row] = await testApp.database.db
      .insert(shareLinks)
      .values({
        ...values,
        organizationId: artist.me.organization.id,
        tokenHash: hashShareToken(token),
        passwordHash: password ? await hashSharePassword(password) : null,
      })
      .returning();
    return { link: row!, path: `/s/${token}` };
  };

  it('carries noindex and a preview card naming the artist, the view and the window', async () => {
    const created = await createLink({
      view: 'audience',
      range: '90d',
      platforms: ['youtube', 'instagram'],
    });
    const page = await testApp.app.inject({ method: 'GET', url: created.path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain(
      '<meta property="og:title" content="Nova &quot;Lane&quot; &lt;b&gt; · Audience · Crescendo">',
    );
    expect(page.body).toContain(
      '<meta property="og:description" content="Verified YouTube and Instagram figures for Nova &quot;Lane&quot; &lt;b&gt;, the last 90 days.">',
    );
  });

  it('says nothing behind a password but who and what, and nothing for a revoked link', async () => {
    const locked = await createLink(
      { view: 'overview', range: '28d', platforms: ['youtube', 'instagram', 'facebook'] },
      'long enough pw',
    );
    const page = await testApp.app.inject({ method: 'GET', url: locked.path });
    expect(page.body).toContain('Overview · Crescendo');
    expect(page.body).not.toMatch(/og:description" content="[^"]*\d{3,}/);

    await testApp.app.inject({
      method: 'POST',
      url: `/api/shares/${locked.link.id}/revoke`,
      headers: bearer(artist.token),
    });
    const revoked = await testApp.app.inject({ method: 'GET', url: locked.path });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.headers['x-robots-tag']).toContain('noindex');
    expect(revoked.body).not.toContain('og:title');
    expect(revoked.body).toContain('noindex');
  });

  it('leaves other pages indexable and without a share card', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/pricing' });
    expect(page.headers['x-robots-tag']).toBeUndefined();
    expect(page.body).not.toContain('og:title');
  });
});
