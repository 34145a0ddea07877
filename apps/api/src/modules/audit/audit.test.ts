import type { AuditLogResponse, MeResponse } from '@crescendo/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import {
  bearer,
  createUser,
  uniqueEmail,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { subscribeThroughCheckout } from '../../testing/checkout';
import {
  connectPersonas,
  startSandboxTestApp,
  type SandboxTestApp,
} from '../../testing/synced-artist';
import { invite, signUpAndAccept } from '../../testing/teams';
import { databaseTargets } from '../../testing/test-database';
import { recordAuditEvent } from './audit.service';

describe.each(databaseTargets)('the audit log on %s', (target) => {
  let sandboxApp: SandboxTestApp;
  let testApp: TestApp;
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let manager: { token: string; email: string };
  let viewer: { token: string; email: string };

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { ...bearer(token), 'user-agent': 'AuditTest/1.0' },
      ...(payload ? { payload } : {}),
    });
  const logOf = async (token: string, query = '') => {
    const response = await call('GET', `/api/v1/team/audit-log${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditLogResponse>();
  };

  beforeAll(async () => {
    sandboxApp = await startSandboxTestApp(target, { backfillDays: 7 });
    testApp = sandboxApp.testApp;
    owner = await createUser(testApp, 'customer', 'Olivia Owner');
    stranger = await createUser(testApp, 'customer');
    // Every hooked path, in order: plan, connection, share link, members.
    await subscribeThroughCheckout(testApp, owner, 'price_sandbox_team');
    await connectPersonas(testApp, owner.token, { youtube: 'small' });
    const share = await call('POST', '/api/shares', owner.token, {
      view: 'overview',
      range: '28d',
      platforms: ['youtube'],
      label: 'For the label',
    });
    expect(share.statusCode, share.body).toBe(201);
    expect(
      (await call('POST', `/api/shares/${share.json().link.id}/revoke`, owner.token)).statusCode,
    ).toBe(200);
    const managerEmail = uniqueEmail('manager');
    const managerInvite = await invite(testApp, owner.token, managerEmail, 'manager');
    manager = await signUpAndAccept(testApp, managerInvite.token, managerEmail);
    const viewerEmail = uniqueEmail('viewer');
    const viewerInvite = await invite(testApp, owner.token, viewerEmail, 'viewer');
    viewer = await signUpAndAccept(testApp, viewerInvite.token, viewerEmail);
    const members = (await call('GET', '/api/v1/team/members', owner.token)).json<{
      members: { id: string; email: string }[];
    }>().members;
    const managerId = members.find((m) => m.email === managerEmail)!.id;
    expect(
      (await call('PATCH', `/api/v1/team/members/${managerId}`, owner.token, { role: 'viewer' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/v1/team/members/${managerId}`, owner.token)).statusCode,
    ).toBe(204);
    const connections = (await call('GET', '/api/v1/auth/oauth-connections', owner.token)).json<{
      connections: { id: string }[];
    }>().connections;
    expect(
      (await call('DELETE', `/api/v1/auth/oauth-connections/${connections[0]!.id}`, owner.token))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/v1/account/export', owner.token)).statusCode).toBe(200);
  }, 300_000);
  afterAll(async () => {
    await sandboxApp?.close();
  });

  it('records who did what, from where, newest first', async () => {
    const log = await logOf(owner.token, '?pageSize=100');
    expect(log.events.map((event) => event.action)).toEqual([
      'data_exported',
      'connection_removed',
      'member_removed',
      'member_role_changed',
      'member_joined',
      'member_invited',
      'member_joined',
      'member_invited',
      'share_link_revoked',
      'share_link_created',
      'connection_added',
      'plan_changed',
    ]);
    const byAction = (action: string) => log.events.find((event) => event.action === action)!;
    expect(byAction('member_invited')).toMatchObject({
      actor: { userId: owner.me.user.id, name: 'Olivia Owner', email: owner.email },
      ipAddress: '127.0.0.1',
      detail: { email: viewer.email, role: 'viewer' },
    });
    expect(byAction('member_joined').actor).toMatchObject({ email: viewer.email });
    expect(byAction('member_role_changed').userAgent).toBe('AuditTest/1.0');
    expect(byAction('member_role_changed').detail).toMatchObject({
      memberEmail: manager.email,
      role: 'viewer',
    });
    expect(byAction('member_removed').detail).toMatchObject({ memberEmail: manager.email });
    expect(byAction('share_link_created').detail).toMatchObject({
      view: 'overview',
      label: 'For the label',
    });
    expect(byAction('connection_added').detail).toMatchObject({ provider: 'youtube' });
    expect(byAction('connection_removed').detail).toMatchObject({
      provider: 'youtube',
      isRevokedAtProvider: true,
    });
    expect(byAction('plan_changed')).toMatchObject({
      actor: null,
      detail: { fromPlan: null, toPlan: 'team', status: 'active' },
    });
    expect(log.total).toBe(12);
  });

  it('pages through the log', async () => {
    const first = await logOf(owner.token, '?pageSize=5');
    const third = await logOf(owner.token, '?pageSize=5&page=3');
    expect(first.events).toHaveLength(5);
    expect(third.events.map((event) => event.action)).toEqual(['connection_added', 'plan_changed']);
    expect((await call('GET', '/api/v1/team/audit-log?pageSize=500', owner.token)).statusCode).toBe(
      400,
    );
  });

  it('is for owners: managers and viewers are refused, and others see only their own artist', async () => {
    const viewerCall = await call('GET', '/api/v1/team/audit-log', viewer.token);
    expect(viewerCall.statusCode).toBe(403);
    expect(viewerCall.json().error.code).toBe('FORBIDDEN');
    const managerEmail = uniqueEmail('manager');
    const invitation = await invite(testApp, owner.token, managerEmail, 'manager');
    const newManager = await signUpAndAccept(testApp, invitation.token, managerEmail);
    expect((await call('GET', '/api/v1/team/audit-log', newManager.token)).statusCode).toBe(403);
    expect((await logOf(stranger.token)).events).toEqual([]);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/v1/team/audit-log' })).statusCode,
    ).toBe(401);
  });

  it('deletes events older than a year when a new one is written', async () => {
    const db = testApp.database.db;
    const me = (await call('GET', '/api/v1/auth/me', stranger.token)).json<MeResponse>();
    await db.insert(auditEvents).values({
      organizationId: me.organization.id,
      action: 'data_exported',
      createdAt: new Date(Date.now() - 366 * 24 * 3600 * 1000),
    });
    expect((await logOf(stranger.token)).total).toBe(1);
    await recordAuditEvent(db, {
      organizationId: me.organization.id,
      action: 'import_added',
      actor: { userId: me.user.id },
      origin: null,
      detail: { importId: 'x' },
    });
    const log = await logOf(stranger.token);
    expect(log.events.map((event) => event.action)).toEqual(['import_added']);
    const [old] = (
      (await db.execute(
        sql`select count(*)::int as n from audit_events where created_at < now() - interval '365 days'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(old!.n).toBe(0);
  });
});
