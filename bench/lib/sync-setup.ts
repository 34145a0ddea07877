/**
 * What the sync benches share (issue 30): a fresh PostgreSQL database, the platform sandbox in its
 * own process (so a sync's process CPU time is the worker's alone, not the sandbox's answering
 * it), and the product's platform services pointed at it with the scale bench's fixed clock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../../apps/api/src/config/env';
import { createTokenCipher } from '../../apps/api/src/lib/token-cipher';
import {
  createPlatformServices,
  type PlatformServices,
} from '../../apps/api/src/modules/providers';
import { freePort, repoRoot } from './server';

export const benchNow = '2025-06-15T12:00:00Z';
export const benchLastDay = '2025-06-13';
export { adminUrl, createBenchDatabase } from './bench-database';

/** The sandbox as its own process (`packages/platform-sandbox/src/main.ts`). */
export async function startSandboxProcess(): Promise<{
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'packages/platform-sandbox/src/main.ts'),
      '--port',
      String(port),
      '--now',
      benchNow,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (data: Buffer) => {
      output += data.toString();
      if (output.includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The token key is fixed so that separate worker processes can open the seeded connections. */
export const benchTokenKey = Buffer.alloc(32, 7);

export function createBenchServices(sandboxUrl: string, backfillDays: number): PlatformServices {
  const config = loadConfig({
    GOOGLE_CLIENT_ID: 'sandbox-google-client-id',
    GOOGLE_CLIENT_SECRET: 'sandbox-google-client-secret',
    GOOGLE_TOKEN_URL: `${sandboxUrl}/oauth2/token`,
    YOUTUBE_DATA_URL: `${sandboxUrl}/youtube/v3`,
    YOUTUBE_ANALYTICS_URL: `${sandboxUrl}/youtubeanalytics/v2`,
    META_APP_ID: 'sandbox-meta-app-id',
    META_APP_SECRET: 'sandbox-meta-app-secret',
    META_GRAPH_URL: `${sandboxUrl}/graph/v21.0`,
    CRESCENDO_DATA_DIR: '/tmp/crescendo-bench-sync',
  });
  return createPlatformServices({
    config: config.platforms,
    appUrl: config.appUrl,
    cipher: createTokenCipher(new Map([[1, benchTokenKey]])),
    fetch,
    backfillDays,
    now: () => new Date(benchNow),
  });
}
