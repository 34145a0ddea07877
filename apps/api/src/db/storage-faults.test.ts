import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './client';
import { DataDirError, assertDataDirUsable } from './data-dir';
import { StorageFaultError, guardPglite } from './pglite-guard';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const mounts: string[] = [];

/** A tmpfs of the given size (root can mount; elsewhere the tests that need one are skipped). */
function mountTmpfs(options: string): string | null {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', directory], { stdio: 'ignore' });
    mounts.push(directory);
    return directory;
  } catch {
    fs.rmSync(directory, { recursive: true, force: true });
    return null;
  }
}

afterAll(() => {
  for (const directory of mounts) {
    execFileSync('umount', [directory], { stdio: 'ignore' });
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      CRESCENDO_SKIP_WEB_BUILD: 'true',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
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

async function waitForHealth(url: string, exited: Promise<number | null>): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  while (!hasExited) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server exited before it answered');
}

describe('the PGlite guard (fault-injected write)', () => {
  it('stops at the first failed write: the caller sees the error, later calls a 503, the owner one call', async () => {
    const client = await PGlite.create();
    try {
      const original = client.query.bind(client);
      // What PGlite answers when its disk is full (measured on a tmpfs, decision 0029).
      Object.assign(client, {
        query: (text: string, ...rest: unknown[]) =>
          text.startsWith('insert')
            ? Promise.reject(
                Object.assign(
                  new Error('could not extend file "base/5/16385": No space left on device'),
                  {
                    code: '53100',
                  },
                ),
              )
            : original(text, ...(rest as [])),
      });
      const faults: unknown[] = [];
      guardPglite(client, (error) => faults.push(error));
      const before = client.query('select 1 as one');
      const failing = client.query('insert into nowhere values (1)');
      const after = client.query('select 2 as two');
      await expect(before).resolves.toMatchObject({ rows: [{ one: 1 }] });
      await expect(failing).rejects.toMatchObject({ code: '53100' });
      const refused = await after.catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StorageFaultError);
      expect(isDatabaseUnavailable(refused)).toBe(true);
      await expect(client.transaction(async () => 1)).rejects.toBeInstanceOf(StorageFaultError);
      expect(faults).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('leaves other errors alone', async () => {
    const client = await PGlite.create();
    try {
      const faults: unknown[] = [];
      guardPglite(client, (error) => faults.push(error));
      await expect(client.query('select * from no_such_table')).rejects.toMatchObject({
        code: '42P01',
      });
      await expect(client.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
      expect(faults).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('an unusable data dir names its cause before PGlite opens it', () => {
  it('a path through a file, and a disk without room', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-data-dir-'));
    try {
      fs.writeFileSync(path.join(base, 'file'), 'x');
      expect(() => assertDataDirUsable(path.join(base, 'file', 'pglite'))).toThrow(
        /cannot be created: a part of the path is a file, not a directory/,
      );
      expect(() => assertDataDirUsable(base, Number.MAX_SAFE_INTEGER)).toThrow(
        /MB free; the embedded database needs at least/,
      );
      expect(() => assertDataDirUsable(base)).not.toThrow();
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });

  const readOnly = mountTmpfs('ro,size=4m');
  it.skipIf(readOnly === null)('a read-only file system, at start-up, in one line', async () => {
    expect(() => assertDataDirUsable(path.join(readOnly!, 'pglite'))).toThrow(DataDirError);
    expect(() => assertDataDirUsable(readOnly!)).toThrow(
      `${readOnly} is not writable: the file system is read-only`,
    );
    const server = startServer({ PORT: String(await freePort()), CRESCENDO_DATA_DIR: readOnly! });
    expect(await server.exited).toBe(1);
    expect(server.output.stderr.trim()).toMatch(
      /^Cannot start: .*the file system is read-only\)?$/,
    );
    expect(server.output.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('a full disk under a running server', () => {
  const disk = mountTmpfs('size=160m');
  it.skipIf(disk === null)(
    'exits with one line and status 1 at the first refused write; restarted with room, nothing is lost',
    async () => {
      const dataDir = path.join(disk!, 'data');
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = {
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://localhost:${port}`,
        CRESCENDO_DATA_DIR: dataDir,
        SYNC_WORKER: 'false',
      };
      const headers = { origin: `http://localhost:${port}`, 'content-type': 'application/json' };
      const signUp = (email: string) =>
        fetch(`${url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ email, password: 'correct-horse-battery', name: 'Disk' }),
        });

      const first = startServer(env);
      await waitForHealth(url, first.exited);
      expect((await signUp('before-full@example.com')).status).toBe(200);
      // Fill the disk from outside, as another program would.
      const filler = path.join(disk!, 'filler');
      try {
        fs.writeFileSync(filler, Buffer.alloc(200 * 1024 * 1024));
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      const started = Date.now();
      for (let index = 0; index < 200 && first.child.exitCode === null; index += 1) {
        await signUp(`after-full-${index}@example.com`).catch(() => null);
      }
      expect(await first.exited).toBe(1);
      expect(Date.now() - started).toBeLessThan(30_000);
      const stopLines = first.output.stderr
        .split('\n')
        .filter((line) => line.startsWith('Stopping:'));
      expect(stopLines).toHaveLength(1);
      expect(stopLines[0]).toMatch(
        /^Stopping: the embedded database could not write to CRESCENDO_DATA_DIR \(.*\): .*No space left on device.*\. Free space on its disk, then start again; every write that succeeded is kept\.$/,
      );

      // With room again the same data dir starts, and what was written before is there.
      fs.rmSync(filler);
      const second = startServer(env);
      try {
        await waitForHealth(url, second.exited);
        const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            email: 'before-full@example.com',
            password: 'correct-horse-battery',
          }),
        });
        expect(signIn.status).toBe(200);
      } finally {
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      }
    },
    180_000,
  );
});

describe('the event-loop watchdog', () => {
  it('ends a process whose event loop is blocked, SIGTERM or not, within its limit', async () => {
    const script = `
      import { startEventLoopWatchdog } from ${JSON.stringify(path.join(import.meta.dirname, '../runtime/event-loop-watchdog.ts'))};
      process.on('SIGTERM', () => { console.error('handler ran'); process.exit(0); });
      startEventLoopWatchdog(1500, 'Stopping: blocked for {seconds} s');
      console.log('blocking');
      setTimeout(() => { for (;;) {} }, 50);
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: path.join(repoRoot, 'apps/api'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, exitSignal) => resolve(exitSignal)),
    );
    expect(signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stderr).not.toContain('handler ran');
    expect(stderr).toMatch(/Stopping: blocked for \d+ s/);
  });
});
