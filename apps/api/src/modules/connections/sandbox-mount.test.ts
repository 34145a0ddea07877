import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';

describe.each(databaseTargets)('the sandbox mounted in the API on %s', (target) => {
  let closed: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    closed = await buildTestApp(target);
    open = await buildTestApp(target, { env: { SANDBOX_CONTROL_API: 'true' } });
  });
  afterAll(async () => {
    await closed.close();
    await open.close();
  });

  it('keeps the control API (faults, revoke, clock, reset) unmounted unless tests ask for it', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox/__control/state'],
      ['POST', '/sandbox/__control/reset'],
      ['POST', '/sandbox/__control/clock'],
      ['POST', '/sandbox/__control/revoke'],
      ['POST', '/sandbox/__control/faults'],
    ] as const) {
      const response = await closed.app.inject({ method, url, payload: {} });
      expect(response.statusCode, url).toBe(404);
    }
    const index = await closed.app.inject({ method: 'GET', url: '/sandbox/' });
    expect(index.json<{ baseUrls: { control: string | null } }>().baseUrls.control).toBeNull();
    // The provider emulation itself stays: connecting through it still works.
    expect((await closed.app.inject({ method: 'GET', url: '/sandbox/' })).statusCode).toBe(200);

    const state = await open.app.inject({ method: 'GET', url: '/sandbox/__control/state' });
    expect(state.statusCode).toBe(200);
  });
});
