import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClerkBackendStandIn, type ClerkBackendStandIn } from '../../testing/clerk';
import { createClerkMembershipSource } from './clerk-memberships';

describe("a Clerk user's organisation memberships (Backend API stand-in)", () => {
  let clerk: ClerkBackendStandIn;

  beforeAll(async () => {
    clerk = await startClerkBackendStandIn();
  });
  afterAll(async () => clerk?.close());

  it('reads every page, with the secret key, and maps Clerk roles to organisation roles', async () => {
    const roles = [
      'org:admin',
      'org:manager',
      'org:member',
      'org:viewer',
      'org:admin',
      'basic_member',
      'org:manager',
    ];
    clerk.setMemberships(
      'user_pages',
      roles.map((role, index) => ({ id: `org_p${index}`, role })),
    );
    const source = createClerkMembershipSource('sk_test_clerk', clerk.apiUrl, 3)!;
    expect(await source('user_pages')).toEqual([
      { identityOrganizationId: 'org_p0', role: 'owner' },
      { identityOrganizationId: 'org_p1', role: 'manager' },
      { identityOrganizationId: 'org_p2', role: 'viewer' },
      { identityOrganizationId: 'org_p3', role: 'viewer' },
      { identityOrganizationId: 'org_p4', role: 'owner' },
      { identityOrganizationId: 'org_p5', role: 'viewer' },
      { identityOrganizationId: 'org_p6', role: 'manager' },
    ]);
    expect(clerk.requests).toEqual(
      // The SDK leaves out `offset=0` (Clerk's default).
      ['', '&offset=3', '&offset=6'].map((offset) => ({
        method: 'GET',
        path: `/v1/users/user_pages/organization_memberships?limit=3${offset}`,
        authorization: 'Bearer sk_test_clerk',
      })),
    );
    expect(clerk.membershipCalls('user_pages')).toBe(3);
  });

  it('asks once for a user in no organisation, and cannot ask without a secret key', async () => {
    const source = createClerkMembershipSource('sk_test_clerk', clerk.apiUrl)!;
    expect(await source('user_alone')).toEqual([]);
    expect(clerk.membershipCalls('user_alone')).toBe(1);
    expect(createClerkMembershipSource(null, clerk.apiUrl)).toBeNull();
  });
});
