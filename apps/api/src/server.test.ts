import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-server-test-'));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, CRESCENDO_SKIP_WEB_BUILD: 'true', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output, exited };
}

/** Ready: the start-up banner is out. It is printed after listening and once the job schedules
 * are in place; /api/health alone can answer before it is written. */
async function waitForReady(
  url: string,
  { output, exited }: ReturnType<typeof start>,
): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && !hasExited) {
    if (output.stdout.includes(`Crescendo is running at ${url.replace('127.0.0.1', 'localhost')}`))
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm start (scripts/start.mjs)', () => {
  it('stops with one clear line naming a badly configured variable', async () => {
    const { output, exited } = start({ PORT: 'eighty', CRESCENDO_DATA_DIR: dataDir });
    expect(await exited).toBe(1);
    expect(output.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a port number (got "eighty")',
    );
  });

  it('seeds demo accounts, keeps data across restarts and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      CRESCENDO_DATA_DIR: dataDir,
    };
    const origin = { origin: `http://localhost:${port}`, 'content-type': 'application/json' };

    const first = start(env);
    await waitForReady(url, first);
    expect(first.output.stdout).toContain('artist@example.com');
    expect(first.output.stdout).toContain('crescendo-demo');
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({
        email: 'persisted@example.com',
        password: 'persist-me-please',
        name: 'Persisted',
      }),
    });
    expect(signUp.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output.stdout).toContain('shutting down');

    const second = start(env);
    await waitForReady(url, second);
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ email: 'persisted@example.com', password: 'persist-me-please' }),
    });
    expect(signIn.status).toBe(200);
    const demo = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ email: 'lead@example.com', password: 'crescendo-demo' }),
    });
    expect(demo.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(fs.statSync(path.join(dataDir, 'secrets/auth-secret')).mode & 0o777).toBe(0o600);
  }, 180_000);
});
