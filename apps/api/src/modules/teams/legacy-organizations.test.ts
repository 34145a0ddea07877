import type { MeResponse } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMember, authOrganization, organizations } from '../../db/schema';
import { bearer, buildTestApp, createUser, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)('organisations from before teams (%s)', (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => testApp?.close());

  it("gives an existing organisation its identity-provider organisation, owner included, on the owner's next request", async () => {
    const owner = await createUser(testApp, 'customer');
    const id = owner.me.organization.id;
    const { db } = testApp.database;
    // As the data stood before this change: no identity organisation, no membership.
    await db.delete(authOrganization).where(eq(authOrganization.id, id));
    await db
      .update(organizations)
      .set({ identityOrganizationId: null })
      .where(eq(organizations.id, id));

    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        testApp.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(owner.token) }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json<MeResponse>().organization).toEqual({
        ...owner.me.organization,
        role: 'owner',
      });
    }
    const members = await db.select().from(authMember).where(eq(authMember.organizationId, id));
    expect(members.map((row) => row.role)).toEqual(['owner']);
    const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
    expect(row?.identityOrganizationId).toBe(id);
  });
});
