import type { OrganizationListResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  uniqueEmail,
  type TestApp,
} from '../../testing/build-test-app';
import { invite, signUpAndAccept, subscribe } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)("the plan's artist limit (%s)", (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const createArtist = (token: string, name: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(token),
      payload: { name },
    });
  const list = async (token: string) =>
    (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/organizations',
        headers: bearer(token),
      })
    ).json<OrganizationListResponse>();

  it('holds at 5 on Team under concurrent creates', async () => {
    const label = await createUser(testApp, 'customer');
    await subscribe(testApp, label.me.organization.id, 'team');
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => createArtist(label.token, `Artist ${index}`)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 403, 403, 403, 403]);
    const refused = responses.find((response) => response.statusCode === 403)!.json();
    expect(refused.error.code).toBe('PLAN_LIMIT');
    expect(refused.error.details).toMatchObject({
      limit: 'artists',
      used: 5,
      allowed: 5,
      plan: 'team',
    });
    const after = await list(label.token);
    expect(after.organizations).toHaveLength(5);
    expect(after.artistAllowance).toEqual({ used: 5, allowed: 5, plan: 'team' });
  });

  it('refuses a second artist on Free, with the upgrade in the error', async () => {
    const artist = await createUser(testApp, 'customer');
    const response = await createArtist(artist.token, 'Side project');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { limit: 'artists', used: 1, allowed: 1, plan: 'free', upgradePlan: 'team' },
    });
    expect((await list(artist.token)).organizations).toHaveLength(1);
  });

  it('counts a manager joining: Team covers them, Free does not; viewers never count', async () => {
    const teamOwner = await createUser(testApp, 'customer');
    await subscribe(testApp, teamOwner.me.organization.id, 'team');
    const email = uniqueEmail('manager');
    const joined = await signUpAndAccept(
      testApp,
      (await invite(testApp, teamOwner.token, email, 'manager')).token,
      email,
    );
    expect(joined.status).toBe(200);
    expect((await list(joined.token)).artistAllowance).toEqual({
      used: 2,
      allowed: 5,
      plan: 'team',
    });

    const freeOwner = await createUser(testApp, 'customer');
    const freeEmail = uniqueEmail('free-manager');
    const refused = await signUpAndAccept(
      testApp,
      (await invite(testApp, freeOwner.token, freeEmail, 'manager')).token,
      freeEmail,
    );
    expect(refused.status).toBe(403);
    const viewerEmail = uniqueEmail('free-viewer');
    const viewer = await signUpAndAccept(
      testApp,
      (await invite(testApp, freeOwner.token, viewerEmail, 'viewer')).token,
      viewerEmail,
    );
    expect(viewer.status).toBe(200);
  });
});
