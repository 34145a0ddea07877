import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './bench-database';
import { signInDemoArtist, startProduct, type RunningServer } from './server';

/**
 * The demo artist (`persona`) synced once, by the product's own worker, on PGlite or on a
 * PostgreSQL database made for the run. Answers the env every process of the bench shares (no
 * worker, no rate limits) and `copies` data dirs holding the same data (PGlite allows one
 * process per data dir; on PostgreSQL they only hold the generated secrets' files).
 */
export async function prepareSyncedDemo(options: {
  target: 'pglite' | 'postgres';
  persona: string;
  adminUrl: string;
  copies: number;
}): Promise<{
  env: Record<string, string>;
  dataDirs: string[];
  cleanUp(): Promise<void>;
}> {
  const { target, persona, adminUrl } = options;
  const common = {
    LOG_LEVEL: 'warn',
    CRESCENDO_SKIP_WEB_BUILD: 'true',
    SEED_DEMO: 'true',
    SEED_DEMO_PERSONA: persona,
    // The closed loop would hit the per-address and per-user limits within a second.
    RATE_LIMIT_PER_IP: '10000000',
    RATE_LIMIT_PER_USER: '10000000',
  };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-bench-demo-'));
  let databaseEnv: Record<string, string> = {};
  let dropDatabase = async () => {};
  if (target === 'postgres') {
    const created = await createBenchDatabase('crescendo_bench', adminUrl);
    databaseEnv = {
      DATABASE_URL: created.url,
      AUTH_SECRET: crypto.randomBytes(36).toString('base64'),
      TOKEN_ENCRYPTION_KEYS: `1:${crypto.randomBytes(32).toString('base64')}`,
    };
    dropDatabase = created.drop;
  }
  const seedDir = path.join(root, 'seed');
  type Connection = { status: string; lastSyncedAt: string | null; sync: { step: string | null } };
  const isDone = (c: Connection) =>
    c.status === 'connected' && c.lastSyncedAt !== null && c.sync.step === null;
  const started = performance.now();
  let hasConnections = false;
  // On a loaded machine the product's event-loop watchdog (decision 0029) may end the seeding
  // process mid-sync; the sync jobs are durable, so a restart on the same data carries on.
  for (let attempt = 1; ; attempt += 1) {
    let seeding: RunningServer;
    try {
      seeding = await startProduct({
        ...common,
        ...databaseEnv,
        CRESCENDO_DATA_DIR: seedDir,
        SEED_DEMO_CONNECTIONS: hasConnections ? 'false' : 'true',
      });
    } catch (error) {
      // The demo seed runs before the server answers: the watchdog may end it there too.
      if (attempt >= 5 || !String(error).includes('event loop has been blocked')) throw error;
      console.log(`seeding process ended while starting (attempt ${attempt}); starting it again`);
      continue;
    }
    try {
      const token = await signInDemoArtist(seeding.url);
      for (;;) {
        const response = await fetch(`${seeding.url}/api/v1/auth/oauth-connections`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const { connections: list } = (await response.json()) as { connections: Connection[] };
        hasConnections ||= list.length > 0;
        if (list.length > 0 && list.every(isDone)) break;
        if (performance.now() - started > 1_200_000)
          throw new Error('the demo syncs did not finish');
        // Polling the connections' state, not waiting on time.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      console.log(`demo artist synced in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      break;
    } catch (error) {
      // The request failed because the process ended (its exit may be reported a moment later).
      const hasEnded = await Promise.race([
        new Promise<boolean>((resolve) => {
          if (seeding.process.exitCode !== null || seeding.process.signalCode !== null)
            resolve(true);
          seeding.process.once('exit', () => resolve(true));
        }),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]);
      if (!hasEnded || attempt >= 5) throw error;
      console.log(
        `seeding process ended (attempt ${attempt}); starting it again:\n${seeding.output().trim().split('\n').at(-1)}`,
      );
    } finally {
      await seeding.stop();
    }
  }
  // PGlite: one process per data dir, so the others run on copies of the same data.
  const dataDirs = [seedDir];
  for (let copy = 1; copy < options.copies; copy += 1) {
    const copyDir = path.join(root, `copy-${copy}`);
    fs.cpSync(seedDir, copyDir, { recursive: true });
    dataDirs.push(copyDir);
  }
  return {
    env: {
      ...common,
      ...databaseEnv,
      SEED_DEMO_CONNECTIONS: 'false',
      // Nothing runs in the background during the phases: both sides only answer requests.
      SYNC_WORKER: 'false',
    },
    dataDirs,
    async cleanUp() {
      await dropDatabase();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
