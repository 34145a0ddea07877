import type { MeResponse, TeamMembersResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  signIn,
  uniqueEmail,
  type TestApp,
} from '../../testing/build-test-app';
import { invite, setActiveOrganization, signUpAndAccept } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';

// Decision 0005's per-user cache, turned on: switching and removal must still be seen at once.
describe.each(databaseTargets)('the user cache under switching and removal (%s)', (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target, { env: { USER_CACHE_TTL_MS: '60000' } });
  });
  afterAll(async () => testApp?.close());

  const me = async (token: string) =>
    (
      await testApp.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })
    ).json<MeResponse>();

  it('serves the new organisation after a switch and drops a removed member at once', async () => {
    const owner = await createUser(testApp, 'customer');
    const email = uniqueEmail('cached');
    const member = await signUpAndAccept(
      testApp,
      (await invite(testApp, owner.token, email, 'viewer')).token,
      email,
    );
    const shared = owner.me.organization.id;
    expect((await me(member.token)).organization.id).toBe(shared);
    const own = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/organizations',
        headers: bearer(member.token),
      })
    )
      .json<{ organizations: { id: string; identityOrganizationId: string; role: string }[] }>()
      .organizations.find((row) => row.role === 'owner')!;

    // The switch is a write through this process: the cached record is gone with it.
    expect(await setActiveOrganization(testApp, member.cookie, own.identityOrganizationId)).toBe(
      200,
    );
    expect((await me(member.token)).organization.id).toBe(own.id);
    expect(await setActiveOrganization(testApp, member.cookie, shared)).toBe(200);
    expect((await me(member.token)).organization.id).toBe(shared);

    // A token of the same session (as the web takes after switching) answers in the organisation
    // the session is in now; it may equal the earlier one when minted in the same second, so only
    // what it answers is checked. A new sign-in starts a new session in the member's own one.
    const again = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/token',
        headers: { cookie: member.cookie },
      })
    ).json<{ token: string }>();
    expect((await me(again.token)).organization.id).toBe(shared);
    const newSession = await signIn(testApp.app, email, 'correct-horse-battery');
    expect((await me(newSession.token)).organization.id).toBe(own.id);

    const memberId = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/team/members',
        headers: bearer(owner.token),
      })
    )
      .json<TeamMembersResponse>()
      .members.find((row) => row.email === email)!.id;
    const removed = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/members/${memberId}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await me(member.token)).organization.id).toBe(own.id);
    expect((await me(again.token)).organization.id).toBe(own.id);
  });
});
