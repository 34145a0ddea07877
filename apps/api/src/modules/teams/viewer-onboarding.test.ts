import type { MeResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { sandboxEnv } from '../../testing/sandbox-connections';
import { invite, signUpAndAccept } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';
import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';

/**
 * A viewer of an artist whose owner has not onboarded it yet: the onboarding pages' reads answer
 * them (the web shows a read-only state with a way on), and everything onboarding would write is
 * refused with a readable 403 — starting a platform connection included, though it is a GET.
 */
describe.each(databaseTargets)('onboarding routes for a viewer (%s)', (target) => {
  let sandbox: RunningSandbox;
  let testApp: TestApp;
  let owner: SignedInUser;
  let viewer: string;

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0 });
    testApp = await buildTestApp(target, { env: sandboxEnv(sandbox, 30) });
    owner = await createUser(testApp, 'customer');
    const email = uniqueEmail('viewer');
    const joined = await signUpAndAccept(
      testApp,
      (await invite(testApp, owner.token, email, 'viewer')).token,
      email,
    );
    expect(joined.status).toBe(200);
    viewer = joined.token;
  });
  afterAll(async () => {
    await testApp?.close();
    await sandbox?.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const viewerMessage = /Viewers can look but not change anything here/;

  it('reads the (missing) profile and the connections of the artist joined', async () => {
    const me = (await inject('GET', '/api/v1/auth/me', viewer)).json<MeResponse>();
    expect(me.organization).toMatchObject({ id: owner.me.organization.id, role: 'viewer' });
    // Not yet made: the same 404 the owner gets, not a 403.
    const profile = await inject('GET', '/api/artist/profile', viewer);
    expect(profile.statusCode, profile.body).toBe(404);
    expect(profile.json().error.code).toBe('NOT_FOUND');
    const connections = await inject('GET', '/api/v1/auth/oauth-connections', viewer);
    expect(connections.statusCode, connections.body).toBe(200);
  });

  it('refuses the profile save with a readable 403', async () => {
    const saved = await inject('POST', '/api/artist/profile', viewer, { artistName: 'Not mine' });
    expect(saved.statusCode).toBe(403);
    expect(saved.json().error).toMatchObject({ code: 'FORBIDDEN', message: viewerMessage });
  });

  it('refuses to start a platform connection (a GET that ends in a write); the owner may', async () => {
    const url = '/api/v1/youtube/oauth/auth-url?returnTo=%2Fonboarding%2Fconnections';
    const refused = await inject('GET', url, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN', message: viewerMessage });
    const started = await inject('GET', url, owner.token);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<{ url: string }>().url.startsWith(sandbox.url)).toBe(true);
  });
});
