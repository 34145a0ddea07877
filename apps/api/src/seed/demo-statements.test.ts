import type { Import } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedIssuer } from '../identity/embedded';
import { bearer, buildTestApp, signIn, type TestApp } from '../testing/build-test-app';
import { drainImportJobs } from '../testing/imports';
import { databaseTargets } from '../testing/test-database';
import { demoPassword, seedDemoAccounts, seedDemoStatements } from './demo';

describe.each(databaseTargets)('demo statements (%s)', (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    await seedDemoAccounts(testApp.database.db, testApp.app.embeddedAuth!, embeddedIssuer);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('starts the demo artist with the sample statements imported, once across restarts', async () => {
    const db = testApp.database.db;
    await seedDemoStatements(db, embeddedIssuer, { isWorkerRunning: true });
    await drainImportJobs(testApp);
    // A restart: nothing more is imported.
    await seedDemoStatements(db, embeddedIssuer, { isWorkerRunning: false });
    const { token } = await signIn(testApp.app, 'artist@example.com', demoPassword);
    const list = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/imports',
      headers: bearer(token),
    });
    const { imports } = list.json<{ imports: Import[] }>();
    expect(imports.length).toBeGreaterThanOrEqual(6);
    expect(new Set(imports.map((entry) => entry.source)).size).toBeGreaterThanOrEqual(5);
    for (const entry of imports) {
      expect(`${entry.fileName} ${entry.status}`).toBe(`${entry.fileName} done`);
    }
    const months = imports.filter((entry) => entry.period?.granularity === 'month');
    expect(months.length).toBeGreaterThan(0);
    const songs = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/songs',
      headers: bearer(token),
    });
    expect(songs.json<{ songs: unknown[] }>().songs.length).toBeGreaterThan(3);
  });
});
