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

type OpenApiDocument = {
  paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
};

const mutatingMethods = ['post', 'put', 'patch', 'delete'];

/**
 * Routes that act on the caller themself rather than on the active organisation's data, so any
 * member may call them (each declares `organizationRole: 'viewer'`): refreshing one's token,
 * finishing one's sign-up, creating one's own artist, joining through an invitation, and marking
 * an insight's toast as shown. `register-user` is an identity-level route (before any membership).
 * The assistant's routes only read the organisation's numbers; its conversations are the asker's.
 * Notification settings, the digest sent now and the read marks are each person's own, and so
 * is deleting one's own account.
 */
const callableByViewers = new Set([
  'POST /api/v1/auth/verify-and-refresh-token',
  'POST /api/v1/auth/complete-registration-with-validation',
  'POST /api/v1/auth/register-user',
  'POST /api/v1/organizations',
  'POST /api/v1/invitations/{token}/accept',
  'POST /api/dashboard/insights/{id}/seen',
  'POST /api/v1/chat/send-message',
  'POST /api/v1/chat/conversations/{id}/retry',
  'POST /api/v1/chat/stream',
  'PATCH /api/v1/chat/conversations/{id}',
  'DELETE /api/v1/chat/conversations/{id}',
  'PUT /api/v1/notifications/preferences',
  'POST /api/v1/notifications/digest/send-now',
  'POST /api/v1/notifications/read',
  'DELETE /api/v1/account',
]);

/** Billing changes and member management: owners only. */
function isOwnersOnly(method: string, path: string): boolean {
  return (
    (path.startsWith('/api/v1/team/') ||
      path === '/api/v1/stripe/create-checkout-session' ||
      path === '/api/v1/stripe/create-portal-session') &&
    mutatingMethods.includes(method)
  );
}

function fill(path: string): string {
  return path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
}

describe.each(databaseTargets)('organisation roles on every route (%s)', (target) => {
  let testApp: TestApp;
  let routes: { method: string; path: string }[];
  let viewer: string;
  let manager: string;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    const document = testApp.app.swagger() as unknown as OpenApiDocument;
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => mutatingMethods.includes(method) && operation.security)
        .map(([method]) => ({ method, path })),
    );
    const owner = await createUser(testApp, 'customer');
    await subscribe(testApp, owner.me.organization.id);
    const viewerEmail = uniqueEmail('viewer');
    const asViewer = await signUpAndAccept(
      testApp,
      (await invite(testApp, owner.token, viewerEmail, 'viewer')).token,
      viewerEmail,
    );
    const managerEmail = uniqueEmail('manager');
    const asManager = await signUpAndAccept(
      testApp,
      (await invite(testApp, owner.token, managerEmail, 'manager')).token,
      managerEmail,
    );
    expect([asViewer.status, asManager.status]).toEqual([200, 200]);
    viewer = asViewer.token;
    manager = asManager.token;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const call = (method: string, path: string, token: string) =>
    testApp.app.inject({
      method: method.toUpperCase() as 'POST',
      url: fill(path),
      headers: bearer(token),
      payload: {},
    });

  it('finds the mutating routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes).toContainEqual({ method: 'post', path: '/api/v1/team/invitations' });
    expect(routes).toContainEqual({ method: 'put', path: '/api/artist/profile' });
  });

  it('answers a viewer 403 in the wire format on every mutating route', async () => {
    const answered: string[] = [];
    for (const { method, path } of routes) {
      if (callableByViewers.has(`${method.toUpperCase()} ${path}`)) continue;
      const response = await call(method, path, viewer);
      const body = response.json();
      answered.push(`${method} ${path} ${response.statusCode} ${body.error?.code}`);
      expect(`${method} ${path} ${response.statusCode} ${body.error?.code}`).toBe(
        `${method} ${path} 403 FORBIDDEN`,
      );
      expect(typeof body.error.message).toBe('string');
    }
    expect(answered.length).toBeGreaterThan(15);
  });

  it('answers a manager 403 on billing and member routes, and lets them past the guard elsewhere', async () => {
    const ownersOnly = routes.filter(({ method, path }) => isOwnersOnly(method, path));
    expect(ownersOnly.length).toBeGreaterThanOrEqual(6);
    for (const { method, path } of ownersOnly) {
      const response = await call(method, path, manager);
      expect(`${method} ${path} ${response.statusCode}`).toBe(`${method} ${path} 403`);
      expect(response.json().error.message).toBe('Only an owner of this artist can do this.');
    }
    const profile = await call('put', '/api/artist/profile', manager);
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error.code).toBe('VALIDATION_FAILED');
  });
});
