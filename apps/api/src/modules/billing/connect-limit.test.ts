import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';
import { getPlan } from '@crescendo/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformConnections } from '../../db/schema';
import { buildTestApp, createUser, type TestApp } from '../../testing/build-test-app';
import { connectAs, sandboxEnv } from '../../testing/sandbox-connections';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)('connected-accounts limit at the OAuth callback (%s)', (target) => {
  let sandbox: RunningSandbox;
  let testApp: TestApp;

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0 });
    testApp = await buildTestApp(target, { env: sandboxEnv(sandbox, 7) });
  });
  afterAll(async () => {
    await testApp?.close();
    await sandbox?.close();
  });

  it('refuses a second channel of an already connected provider past the plan, storing nothing', async () => {
    const customer = await createUser(testApp, 'customer');
    const org = customer.me.organization.id;
    const allowed = getPlan('free').limits.connectedAccounts!;
    // The plan is full with YouTube channels, so asking to connect YouTube again is allowed (it
    // may be a reconnect) — but the consent brings a channel the organisation does not have.
    await testApp.database.db.insert(platformConnections).values(
      Array.from({ length: allowed }, (_, index) => ({
        organizationId: org,
        provider: 'youtube' as const,
        externalAccountId: `channel-${index}`,
        accountName: `Channel ${index}`,
        tokenKeyVersion: 1,
        scopes: [],
      })),
    );
    const landed = await connectAs(testApp, customer.token, 'youtube', 'small');
    expect(landed.searchParams.get('connected')).toBeNull();
    expect(landed.searchParams.get('error')).toBe('plan_limit');
    expect(landed.searchParams.get('provider')).toBe('youtube');
    const rows = await testApp.database.db
      .select({ id: platformConnections.id })
      .from(platformConnections)
      .where(eq(platformConnections.organizationId, org));
    expect(rows).toHaveLength(allowed);
  });

  it('connects a new account while the plan has room', async () => {
    const customer = await createUser(testApp, 'customer');
    const landed = await connectAs(testApp, customer.token, 'youtube', 'small');
    expect(landed.searchParams.get('connected')).toBe('youtube');
  });
});
