import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type RunningServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Stops the process; `keepData` leaves the data dir for a restart on the same port. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  logs: () => string;
};

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let hasBuilt = false;

/** Builds the web app once per test process, so every server start serves the same bundle. */
export function buildWebOnce(): void {
  if (hasBuilt || process.env.E2E_SKIP_BUILD === 'true') return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@crescendo/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('web build failed');
  hasBuilt = true;
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

/** Starts the real product (`node scripts/start.mjs`) on a free port with a fresh data dir. */
export async function startServer(
  env: Record<string, string> = {},
  restart: { port: number; dataDir: string } | null = null,
): Promise<RunningServer> {
  buildWebOnce();
  const port = restart?.port ?? (await findFreePort());
  const dataDir = restart?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-e2e-'));
  let output = '';
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      CRESCENDO_DATA_DIR: dataDir,
      CRESCENDO_SKIP_WEB_BUILD: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // These journeys cover the app itself; the demo artist's minute-long background sync of
      // sandbox data would only compete for the CPU.
      SEED_DEMO_CONNECTIONS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on(
    'data',
    (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
  );
  child.stderr?.on(
    'data',
    (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)),
  );
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return {
    baseUrl,
    port,
    dataDir,
    logs: () => output,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
