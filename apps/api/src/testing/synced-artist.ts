import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';
import { buildTestApp, createUser, type SignedInUser, type TestApp } from './build-test-app';
import { connectAs, drainSyncJobs, sandboxEnv } from './sandbox-connections';
import type { DatabaseTarget } from './test-database';

/** The sandbox's clock in the analytics tests: YouTube's last complete day is the 13th. */
export const sandboxPinnedNow = '2025-06-15T12:00:00Z';

export type SandboxTestApp = {
  sandbox: RunningSandbox;
  testApp: TestApp;
  close(): Promise<void>;
};

/**
 * The platform sandbox on a pinned clock and an app whose providers all point at it, as real
 * credentials would (OAuth, syncs and reports over HTTP; no other network).
 */
export async function startSandboxTestApp(
  target: DatabaseTarget,
  options: { backfillDays: number; now?: string },
): Promise<SandboxTestApp> {
  const now = options.now ?? sandboxPinnedNow;
  const sandbox = await startSandboxServer({ port: 0, now });
  const testApp = await buildTestApp(target, {
    env: sandboxEnv(sandbox, options.backfillDays),
    now: () => new Date(now),
    platformOverrides: {
      retry: { baseDelayMs: 1, sleep: async () => {} },
    },
  });
  return {
    sandbox,
    testApp,
    async close() {
      await testApp.close();
      await sandbox.close();
    },
  };
}

/** Sandbox personas to connect: a YouTube channel, and Meta's Instagram account and page. */
export type ConnectedPersonas = { youtube?: string; meta?: string };

/**
 * A new customer (their own organisation) with the given personas connected through the real
 * OAuth flow and their first syncs run to the end.
 */
export async function createSyncedArtist(
  testApp: TestApp,
  personas: ConnectedPersonas,
): Promise<SignedInUser> {
  const artist = await createUser(testApp, 'customer');
  await connectPersonas(testApp, artist.token, personas);
  return artist;
}

/** Connects the personas for a signed-in user and runs their syncs. */
export async function connectPersonas(
  testApp: TestApp,
  token: string,
  personas: ConnectedPersonas,
): Promise<void> {
  if (personas.youtube) await connectAs(testApp, token, 'youtube', personas.youtube);
  if (personas.meta) await connectAs(testApp, token, 'meta', personas.meta);
  await drainSyncJobs(testApp);
}
