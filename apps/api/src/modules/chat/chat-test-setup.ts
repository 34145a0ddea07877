import { startSandboxServer, type RunningSandbox } from '@crescendo/platform-sandbox';
import type { AppDependencies } from '../../app';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { connectAs, drainSyncJobs, sandboxEnv } from '../../testing/sandbox-connections';
import type { DatabaseTarget } from '../../testing/test-database';

/** The sandbox's clock in the assistant's tests: YouTube is complete through the 13th. */
export const pinnedNow = '2025-06-15T12:00:00Z';

export type ChatFixture = {
  sandbox: RunningSandbox;
  testApp: TestApp;
  artist: SignedInUser;
  stranger: SignedInUser;
  close(): Promise<void>;
};

/**
 * An app whose artist has the mid persona's YouTube and Meta accounts synced (and a campaign),
 * and a stranger in another organisation with the small persona's YouTube.
 */
export async function createChatFixture(
  target: DatabaseTarget,
  options: {
    env?: Record<string, string>;
    captureLogs?: boolean;
    assistantOverrides?: AppDependencies['assistantOverrides'];
  } = {},
): Promise<ChatFixture> {
  const sandbox = await startSandboxServer({ port: 0, now: pinnedNow });
  const testApp = await buildTestApp(target, {
    env: { ...sandboxEnv(sandbox, 130), ...options.env },
    ...(options.captureLogs ? { captureLogs: true } : {}),
    ...(options.assistantOverrides ? { assistantOverrides: options.assistantOverrides } : {}),
    now: () => new Date(pinnedNow),
    platformOverrides: {
      retry: { baseDelayMs: 1, sleep: async () => {} },
    },
  });
  const artist = await createUser(testApp, 'customer');
  const stranger = await createUser(testApp, 'customer');
  await connectAs(testApp, artist.token, 'youtube', 'mid');
  await connectAs(testApp, artist.token, 'meta', 'mid');
  await connectAs(testApp, stranger.token, 'youtube', 'small');
  await drainSyncJobs(testApp);
  const campaign = await testApp.app.inject({
    method: 'POST',
    url: '/api/dashboard/roi/campaigns',
    headers: bearer(artist.token),
    payload: {
      name: 'Spring single ads',
      channel: 'youtube_ads',
      amount: 450,
      startDate: '2025-04-01',
      endDate: '2025-04-21',
      extraRevenue: 120,
    },
  });
  if (campaign.statusCode !== 201) throw new Error(`campaign: ${campaign.body}`);
  return {
    sandbox,
    testApp,
    artist,
    stranger,
    async close() {
      await testApp.close();
      await sandbox.close();
    },
  };
}
