import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createUser,
  signUp,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { eq } from 'drizzle-orm';
import { sandboxMail, waitlistEntries } from '../../db/schema';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)('waitlist on %s', (target) => {
  let testApp: TestApp;
  let admin: SignedInUser;
  let customer: SignedInUser;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
    admin = await createUser(testApp, 'admin', 'Ada Admin');
    customer = await createUser(testApp, 'customer');
  });
  afterAll(async () => testApp.close());

  const inject = testAppInject(() => testApp);

  it('reports not_found for an unknown email and validates the body', async () => {
    const unknown = await inject('POST', '/api/v1/auth/validate-waitlist', undefined, {
      email: 'nobody@example.com',
    });
    expect(unknown.json()).toEqual({
      email: 'nobody@example.com',
      status: 'not_found',
      position: null,
      mode: 'approval',
    });
    const invalid = await inject('POST', '/api/v1/auth/validate-waitlist', undefined, {
      email: 'nope',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details.fields).toEqual([
      { field: 'email', message: 'Enter a valid email address' },
    ]);
  });

  it("tells an address's status only to its signed-in owner; everyone else gets the same answer", async () => {
    const lead = await createUser(testApp, 'lead');
    const own = await inject('POST', '/api/v1/auth/validate-waitlist', lead.token, {
      email: lead.email,
    });
    expect(own.json()).toMatchObject({ status: 'pending', position: expect.any(Number) });
    const uniform = { status: 'not_found', position: null, mode: 'approval' };
    // No token: a listed address, an approved one and an unknown one answer alike.
    for (const email of [lead.email, customer.email, 'nobody@example.com']) {
      const response = await inject('POST', '/api/v1/auth/validate-waitlist', undefined, { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ email, ...uniform });
    }
    // Signed in, asking about someone else's address: the same.
    const other = await inject('POST', '/api/v1/auth/validate-waitlist', customer.token, {
      email: lead.email,
    });
    expect(other.json()).toEqual({ email: lead.email, ...uniform });
    // A token that does not verify is refused, not treated as anonymous.
    const forged = await inject('POST', '/api/v1/auth/validate-waitlist', 'not-a-token', {
      email: lead.email,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('queues new leads in order and lets an admin approve or reject them', async () => {
    const first = await createUser(testApp, 'lead');
    const second = await createUser(testApp, 'lead');
    const completed = await inject(
      'POST',
      '/api/v1/auth/complete-registration-with-validation',
      second.token,
      {},
    );
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ status: 'pending', user: { role: 'lead' } });

    const positionOf = async (user: SignedInUser) =>
      (
        await inject('POST', '/api/v1/auth/validate-waitlist', user.token, { email: user.email })
      ).json().position;
    const firstPosition = await positionOf(first);
    expect(await positionOf(second)).toBe(firstPosition + 1);

    const pending = await inject(
      'GET',
      '/api/v1/admin/waitlist?status=pending&limit=100',
      admin.token,
    );
    expect(pending.statusCode).toBe(200);
    const entries = pending.json().entries as {
      id: string;
      email: string;
      userId: string;
      position: number;
    }[];
    const firstEntry = entries.find((entry) => entry.email === first.email)!;
    const secondEntry = entries.find((entry) => entry.email === second.email)!;
    expect(firstEntry.userId).toBe(first.me.user.id);
    expect(firstEntry.position).toBe(firstPosition);

    const approved = await inject(
      'POST',
      `/api/v1/admin/waitlist/${firstEntry.id}/approve`,
      admin.token,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().entry).toMatchObject({
      status: 'approved',
      position: null,
      decidedAt: expect.any(String),
    });
    // The one behind moves up.
    expect(await positionOf(second)).toBe(firstPosition);

    const rejected = await inject(
      'POST',
      `/api/v1/admin/waitlist/${secondEntry.id}/reject`,
      admin.token,
    );
    expect(rejected.json().entry.status).toBe('rejected');
    const secondStatus = await inject(
      'POST',
      '/api/v1/auth/complete-registration-with-validation',
      second.token,
      {},
    );
    expect(secondStatus.json()).toMatchObject({ status: 'rejected', position: null });

    // Approval is the access decision: the lead is a customer at once, no second step.
    expect(approved.json().entry).toMatchObject({ role: 'customer', userId: first.me.user.id });
    expect((await inject('GET', '/api/v1/auth/me', first.token)).json()).toMatchObject({
      role: 'customer',
      roles: ['customer'],
    });
    expect((await inject('GET', '/api/dashboard/content', first.token)).statusCode).not.toBe(403);
    // The rejected one stays a lead and cannot reach the dashboard.
    expect(rejected.json().entry.role).toBe('lead');
    expect((await inject('GET', '/api/dashboard/content', second.token)).statusCode).toBe(403);
  });

  it('shows each entry’s role and takes access away again on rejection', async () => {
    const lead = await createUser(testApp, 'lead');
    const listed = await inject(
      'GET',
      '/api/v1/admin/waitlist?status=pending&limit=100',
      admin.token,
    );
    const entry = (listed.json().entries as { id: string; email: string; role: string }[]).find(
      (candidate) => candidate.email === lead.email,
    )!;
    expect(entry.role).toBe('lead');
    await inject('POST', `/api/v1/admin/waitlist/${entry.id}/approve`, admin.token);
    const revoked = await inject('POST', `/api/v1/admin/waitlist/${entry.id}/reject`, admin.token);
    expect(revoked.json().entry).toMatchObject({ status: 'rejected', role: 'lead' });
    expect((await inject('GET', '/api/v1/auth/me', lead.token)).json().role).toBe('lead');
    // Approving twice changes nothing the second time.
    const again = await inject('POST', `/api/v1/admin/waitlist/${entry.id}/approve`, admin.token);
    const twice = await inject('POST', `/api/v1/admin/waitlist/${entry.id}/approve`, admin.token);
    expect(twice.json().entry).toEqual(again.json().entry);
    expect(twice.json().entry.role).toBe('customer');
    // The pending page's promise: a mail on each approval, none for a repeated one.
    const mails = await testApp.database.db
      .select({ subject: sandboxMail.subject, text: sandboxMail.text })
      .from(sandboxMail)
      .where(eq(sandboxMail.toAddress, lead.email));
    const approvals = mails.filter((mail) => mail.subject === 'Your Crescendo dashboard is ready');
    expect(approvals).toHaveLength(2);
    expect(approvals[0]!.text).toContain('http://localhost:3000/login');
  });

  it('gives an account access when its email was approved before sign-up', async () => {
    const email = uniqueEmail('preapproved');
    // The entry exists without a user (e.g. an admin approved a waitlist request by email).
    await testApp.database.db.insert(waitlistEntries).values({ email, status: 'approved' });
    const account = await signUp(testApp.app, { email });
    const me = await inject('GET', '/api/v1/auth/me', account.token);
    expect(me.json().role).toBe('customer');
  });

  it('keeps admin endpoints from non-admins (403) and strangers (401)', async () => {
    const lead = await createUser(testApp, 'lead');
    for (const token of [customer.token, lead.token]) {
      expect((await inject('GET', '/api/v1/admin/waitlist', token)).statusCode).toBe(403);
      expect(
        (
          await inject(
            'POST',
            '/api/v1/admin/waitlist/00000000-0000-4000-8000-000000000000/approve',
            token,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await inject('PUT', `/api/v1/admin/users/${lead.me.user.id}/role`, token, {
            role: 'customer',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await inject('GET', '/api/v1/admin/waitlist')).statusCode).toBe(401);
    const status = await inject('GET', '/api/v1/auth/me', lead.token);
    expect(status.json().role).toBe('lead');
  });

  it('answers 404 for unknown entries and users, 400 for malformed ids and roles', async () => {
    expect(
      (
        await inject(
          'POST',
          '/api/v1/admin/waitlist/00000000-0000-4000-8000-000000000000/approve',
          admin.token,
        )
      ).statusCode,
    ).toBe(404);
    const badId = await inject('POST', '/api/v1/admin/waitlist/not-a-uuid/approve', admin.token);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.details.fields[0].field).toBe('id');
    expect(
      (
        await inject(
          'PUT',
          '/api/v1/admin/users/00000000-0000-4000-8000-000000000000/role',
          admin.token,
          { role: 'customer' },
        )
      ).statusCode,
    ).toBe(404);
    const badRole = await inject(
      'PUT',
      `/api/v1/admin/users/${customer.me.user.id}/role`,
      admin.token,
      { role: 'owner' },
    );
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error.details.fields[0].field).toBe('role');
    const badQuery = await inject(
      'GET',
      '/api/v1/admin/waitlist?status=maybe&limit=0',
      admin.token,
    );
    expect(badQuery.statusCode).toBe(400);
    expect(
      badQuery
        .json()
        .error.details.fields.map((field: { field: string }) => field.field)
        .sort(),
    ).toEqual(['limit', 'status']);
  });

  it('reports customers and admins as approved without putting them in the queue', async () => {
    const response = await inject(
      'POST',
      '/api/v1/auth/complete-registration-with-validation',
      customer.token,
      {},
    );
    expect(response.json()).toMatchObject({ status: 'approved', position: null });
  });
});

describe('open waitlist mode', () => {
  it('approves new sign-ups at once', async () => {
    const testApp = await buildTestApp('pglite', { env: { WAITLIST_MODE: 'open' } });
    try {
      const account = await signUp(testApp.app);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/complete-registration-with-validation',
        headers: bearer(account.token),
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'approved',
        position: null,
        user: { role: 'customer' },
      });
      const check = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/validate-waitlist',
        headers: bearer(account.token),
        payload: { email: account.email },
      });
      expect(check.json()).toMatchObject({ status: 'approved', mode: 'open' });
    } finally {
      await testApp.close();
    }
  });
});

function testAppInject(getTestApp: () => TestApp) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    getTestApp().app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
}
