import type {
  MeResponse,
  TeamInvitationsResponse,
  TeamMembersResponse,
} from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authInvitation } from '../../db/schema';
import { bearer, createUser, uniqueEmail, type TestApp } from '../../testing/build-test-app';
import { buildTestApp } from '../../testing/build-test-app';
import { invite, setActiveOrganization, signUpAndAccept, subscribe } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';
import { invitationGoneMessage } from './team.service';

describe.each(databaseTargets)('members and invitations (%s)', (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string, token?: string) =>
    testApp.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
  const me = async (token: string) => (await get('/api/v1/auth/me', token)).json<MeResponse>();

  it('invites a manager by mail; the invitee signs up, accepts once and works in the artist', async () => {
    const owner = await createUser(testApp, 'customer', 'Olive Owner');
    await subscribe(testApp, owner.me.organization.id);
    const email = uniqueEmail('manager');
    const invitation = await invite(testApp, owner.token, email, 'manager');
    expect(invitation.mailedUrl).toBe(invitation.url);
    expect(invitation.url).toMatch(/^http:\/\/localhost:3000\/invite\/[A-Za-z0-9_-]{43}$/);

    // The token is stored hashed and sealed, never as issued.
    const [stored] = await testApp.database.db
      .select()
      .from(authInvitation)
      .where(eq(authInvitation.id, invitation.invitationId));
    expect(JSON.stringify(stored)).not.toContain(invitation.token);

    const preview = await get(`/api/v1/invitations/${invitation.token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      organizationName: owner.me.organization.name,
      invitedBy: 'Olive Owner',
      email,
      role: 'manager',
    });

    const joined = await signUpAndAccept(testApp, invitation.token, email);
    expect(joined.status).toBe(200);
    const member = await me(joined.token);
    expect(member.organization).toEqual({ ...owner.me.organization, role: 'manager' });
    // The owner's invitation let them in past the waitlist.
    expect(member.role).toBe('customer');

    const again = await testApp.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${invitation.token}/accept`,
      headers: bearer(joined.token),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual({ code: 'NOT_FOUND', message: invitationGoneMessage });
    expect((await get(`/api/v1/invitations/${invitation.token}`)).statusCode).toBe(404);

    const team = (await get('/api/v1/team/members', owner.token)).json<TeamMembersResponse>();
    expect(team.members.map((row) => [row.email, row.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'manager'],
    ]);
    const list = (
      await get('/api/v1/team/invitations', owner.token)
    ).json<TeamInvitationsResponse>();
    expect(list.invitations[0]).toMatchObject({ email, status: 'accepted', url: null });

    // The manager edits the artist's data, but not its members or billing.
    const profile = await testApp.app.inject({
      method: 'POST',
      url: '/api/artist/profile',
      headers: bearer(joined.token),
      payload: { artistName: 'Managed Artist' },
    });
    expect(profile.statusCode).toBe(201);
    const members = await get('/api/v1/team/invitations', joined.token);
    expect(members.statusCode).toBe(403);
    expect(members.json().error.message).toBe('Only an owner of this artist can do this.');
  });

  it('refuses revoked and expired invitations, and an invitation for another address', async () => {
    const owner = await createUser(testApp, 'customer');
    const revoked = await invite(testApp, owner.token, uniqueEmail('revoked'), 'viewer');
    const revoke = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/invitations/${revoked.invitationId}`,
      headers: bearer(owner.token),
    });
    expect(revoke.statusCode).toBe(204);
    expect((await get(`/api/v1/invitations/${revoked.token}`)).statusCode).toBe(404);
    const late = await signUpAndAccept(testApp, revoked.token);
    expect(late.status).toBe(404);

    const expiring = await invite(testApp, owner.token, uniqueEmail('expired'), 'viewer');
    await testApp.database.db
      .update(authInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authInvitation.id, expiring.invitationId));
    expect((await get(`/api/v1/invitations/${expiring.token}`)).statusCode).toBe(404);
    expect((await signUpAndAccept(testApp, expiring.token)).status).toBe(404);

    const list = (
      await get('/api/v1/team/invitations', owner.token)
    ).json<TeamInvitationsResponse>();
    expect(list.invitations.map((row) => [row.status, row.url])).toEqual([
      ['expired', null],
      ['revoked', null],
    ]);

    const elsewhere = await invite(testApp, owner.token, uniqueEmail('intended'), 'viewer');
    const stranger = await signUpAndAccept(testApp, elsewhere.token);
    expect(stranger.status).toBe(403);
    expect((await get(`/api/v1/invitations/${elsewhere.token}`)).statusCode).toBe(200);
    const pending = (
      await get('/api/v1/team/invitations', owner.token)
    ).json<TeamInvitationsResponse>();
    expect(pending.invitations[0]).toMatchObject({ status: 'pending', url: elsewhere.url });
  });

  it("switching never shows A's data in B, and a removed member loses B at once", async () => {
    const ownerB = await createUser(testApp, 'customer', 'Bea');
    const create = (token: string, artistName: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/artist/profile',
        headers: bearer(token),
        payload: { artistName },
      });
    expect((await create(ownerB.token, 'Artist B')).statusCode).toBe(201);
    const email = uniqueEmail('both');
    const invitation = await invite(testApp, ownerB.token, email, 'viewer');
    const member = await signUpAndAccept(testApp, invitation.token, email);
    expect(member.status).toBe(200);
    const profileName = async () =>
      (await get('/api/artist/profile', member.token)).json<{ profile: { artistName: string } }>()
        .profile?.artistName;

    // Accepting made B active: B's data, read-only.
    expect((await me(member.token)).organization).toMatchObject({
      id: ownerB.me.organization.id,
      role: 'viewer',
    });
    expect(await profileName()).toBe('Artist B');
    expect((await create(member.token, 'Not allowed')).statusCode).toBe(403);

    // Their own organisation A, through the identity provider's switch.
    const organizations = (await get('/api/v1/organizations', member.token)).json<{
      organizations: { id: string; identityOrganizationId: string; role: string }[];
    }>().organizations;
    const own = organizations.find((row) => row.role === 'owner')!;
    const shared = organizations.find((row) => row.role === 'viewer')!;
    expect(await setActiveOrganization(testApp, member.cookie, own.identityOrganizationId)).toBe(
      200,
    );
    expect((await me(member.token)).organization).toMatchObject({ id: own.id, role: 'owner' });
    expect((await get('/api/artist/profile', member.token)).statusCode).toBe(404);
    expect((await create(member.token, 'Artist A')).statusCode).toBe(201);
    expect(await profileName()).toBe('Artist A');
    expect(await setActiveOrganization(testApp, member.cookie, shared.identityOrganizationId)).toBe(
      200,
    );
    expect(await profileName()).toBe('Artist B');

    // Removed while B is active: the very next request is in A again, and B cannot be chosen.
    const team = (await get('/api/v1/team/members', ownerB.token)).json<TeamMembersResponse>();
    const row = team.members.find((entry) => entry.email === email)!;
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/members/${row.id}`,
      headers: bearer(ownerB.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await me(member.token)).organization.id).toBe(own.id);
    expect(await profileName()).toBe('Artist A');
    expect(
      await setActiveOrganization(testApp, member.cookie, shared.identityOrganizationId),
    ).not.toBe(200);
    expect(await profileName()).toBe('Artist A');
  });

  it('keeps at least one owner, and lets owners change roles', async () => {
    const owner = await createUser(testApp, 'customer');
    const team = (await get('/api/v1/team/members', owner.token)).json<TeamMembersResponse>();
    const self = team.members[0]!;
    for (const request of [
      { method: 'DELETE' as const, url: `/api/v1/team/members/${self.id}` },
      {
        method: 'PATCH' as const,
        url: `/api/v1/team/members/${self.id}`,
        payload: { role: 'viewer' },
      },
    ]) {
      const response = await testApp.app.inject({ ...request, headers: bearer(owner.token) });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        'An artist needs at least one owner. Make someone else owner first.',
      );
    }
    const email = uniqueEmail('promoted');
    const invitation = await invite(testApp, owner.token, email, 'viewer');
    const member = await signUpAndAccept(testApp, invitation.token, email);
    const memberId = (await get('/api/v1/team/members', owner.token))
      .json<TeamMembersResponse>()
      .members.find((row) => row.email === email)!.id;
    const promote = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/v1/team/members/${memberId}`,
      headers: bearer(owner.token),
      payload: { role: 'owner' },
    });
    expect(promote.statusCode).toBe(200);
    expect((await me(member.token)).organization.role).toBe('owner');
    const bad = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/v1/team/members/${memberId}`,
      headers: bearer(owner.token),
      payload: { role: 'emperor' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const badInvite = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/team/invitations',
      headers: bearer(owner.token),
      payload: { email: 'not-an-email', role: 'viewer' },
    });
    expect(badInvite.statusCode).toBe(400);
  });
});
