import type { OrganizationListResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  uniqueEmail,
  type TestApp,
} from '../../testing/build-test-app';
import { invite, setActiveOrganization, signUpAndAccept, subscribe } from '../../testing/teams';
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

  /** A campaign: the artist then holds data, and counts against the plan. */
  const addCampaign = async (token: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/roi/campaigns',
      headers: bearer(token),
      payload: {
        name: 'Single launch',
        channel: 'other',
        amount: 10,
        startDate: '2026-01-01',
        endDate: '2026-01-07',
      },
    });
    expect(response.statusCode).toBe(201);
  };

  it('holds at 5 on Team under concurrent creates', async () => {
    const label = await createUser(testApp, 'customer');
    await subscribe(testApp, label.me.organization.id, 'team');
    await addCampaign(label.token);
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

  it('refuses a second artist on Free once the first holds data, in a sentence with the upgrade', async () => {
    const artist = await createUser(testApp, 'customer');
    await addCampaign(artist.token);
    const response = await createArtist(artist.token, 'Side project');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      message: 'Your Free plan includes 1 artist. Upgrade to Team to go further.',
      details: { limit: 'artists', used: 1, allowed: 1, plan: 'free', upgradePlan: 'team' },
    });
    expect((await list(artist.token)).organizations).toHaveLength(1);
  });

  it('does not count the sign-up artist until it holds data', async () => {
    const artist = await createUser(testApp, 'customer');
    expect((await list(artist.token)).artistAllowance).toEqual({
      used: 0,
      allowed: 1,
      plan: 'free',
    });
    // A second artist counts at once; the sign-up one then cannot get its first connection.
    expect((await createArtist(artist.token, 'Side project')).statusCode).toBe(201);
    expect((await list(artist.token)).artistAllowance.used).toBe(1);
    expect(await setActiveOrganization(testApp, artist.cookie, artist.me.organization.id)).toBe(
      200,
    );
    const connect = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/youtube/oauth/auth-url',
      headers: bearer(artist.token),
    });
    expect(connect.statusCode).toBe(403);
    expect(connect.json().error.message).toBe(
      'Your Free plan includes 1 artist. Upgrade to Team to go further.',
    );
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
    // The artist joined counts; their own sign-up artist, still without data, does not.
    expect((await list(joined.token)).artistAllowance).toEqual({
      used: 1,
      allowed: 5,
      plan: 'team',
    });

    // A newcomer's own artist (made at sign-up, no data) does not count: they join a Free artist.
    const freeOwner = await createUser(testApp, 'customer');
    await addCampaign(freeOwner.token);
    const freeEmail = uniqueEmail('free-manager');
    const newcomer = await signUpAndAccept(
      testApp,
      (await invite(testApp, freeOwner.token, freeEmail, 'manager')).token,
      freeEmail,
    );
    expect(newcomer.status).toBe(200);

    // Someone who already has an artist with data on Free: the owner is told before sending.
    const busy = await createUser(testApp, 'customer');
    await addCampaign(busy.token);
    const warned = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/team/invitations',
      headers: bearer(freeOwner.token),
      payload: { email: busy.email, role: 'manager' },
    });
    expect(warned.statusCode).toBe(409);
    expect(warned.json().error.message).toBe(
      `${busy.email} already has 1 artist on the Free plan, so they cannot join as a manager or owner. Invite them as a viewer, or upgrade to Team.`,
    );

    // Invited while free of data, then gets data: accepting is refused with the limit.
    const later = await createUser(testApp, 'customer');
    const invitation = await invite(testApp, freeOwner.token, later.email, 'manager');
    await addCampaign(later.token);
    const refused = await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${invitation.token}/accept`,
      headers: bearer(later.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PLAN_LIMIT');
    const viewerEmail = uniqueEmail('free-viewer');
    const viewer = await signUpAndAccept(
      testApp,
      (await invite(testApp, freeOwner.token, viewerEmail, 'viewer')).token,
      viewerEmail,
    );
    expect(viewer.status).toBe(200);
  });
});
