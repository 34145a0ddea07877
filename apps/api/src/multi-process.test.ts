import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const adminUrl = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** A small round-robin HTTP proxy, as a load balancer in front of the API processes. */
async function startProxy(ports: number[]) {
  let next = 0;
  const server = http.createServer((request, response) => {
    const port = ports[next++ % ports.length]!;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Process = { child: ChildProcess; port: number; output: () => string };

async function startProcess(env: Record<string, string>, fixedPort?: number): Promise<Process> {
  const port = fixedPort ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on(
    'data',
    (chunk: Buffer) => (output = (output + chunk.toString()).slice(-10_000)),
  );
  child.stderr!.on(
    'data',
    (chunk: Buffer) => (output = (output + chunk.toString()).slice(-10_000)),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited: ${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`process did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, port, output: () => output };
}

async function stopProcess(process_: Process | null) {
  if (!process_ || process_.child.exitCode !== null || process_.child.signalCode) return;
  const exited = new Promise((resolve) => process_.child.once('exit', resolve));
  process_.child.kill('SIGTERM');
  await exited;
}

function readCookies(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe.skipIf(!adminUrl)('two API processes and a worker on one PostgreSQL', () => {
  const name = `crescendo_multi_${crypto.randomBytes(6).toString('hex')}`;
  let db: pg.Client;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const apis: Process[] = [];
  let worker: Process | null = null;
  let baseUrl = '';
  let env: Record<string, string> = {};

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const ports = [await freePort(), await freePort()];
    proxy = await startProxy(ports);
    baseUrl = `http://localhost:${proxy.port}`;
    env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url.toString(),
      APP_URL: baseUrl,
      AUTH_SECRET: crypto.randomBytes(36).toString('base64'),
      TOKEN_ENCRYPTION_KEYS: `1:${crypto.randomBytes(32).toString('base64')}`,
      CRESCENDO_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-multi-')),
      WEB_DIST_DIR: path.join(os.tmpdir(), 'crescendo-no-web-build'),
      SYNC_BACKFILL_DAYS: '120',
      SYNC_JOB_LOCK_SECONDS: '3',
      SIGN_IN_RATE_LIMIT: '3',
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_USER: '100000',
    };
    // The first start migrates; the two API processes then start together.
    for (const port of ports) {
      apis.push(await startProcessOn(port, { ...env, SYNC_WORKER: 'false' }));
    }
    worker = await startProcess({ ...env, SYNC_WORKER: 'true' });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([...apis, worker].map((process_) => stopProcess(process_)));
    await proxy?.close();
    await db?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }, 60_000);

  async function startProcessOn(port: number, processEnv: Record<string, string>) {
    return startProcess(processEnv, port);
  }

  /** Signs up through the proxy and becomes a customer; returns the cookie jar and a bearer token. */
  async function signUpCustomer(email: string, password: string) {
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, name: 'Multi Process' }),
    });
    expect(signUp.status).toBe(200);
    let cookies = readCookies(signUp);
    const token = (await (
      await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie: cookies } })
    ).json()) as { token: string };
    const me = (await (
      await fetch(`${baseUrl}/api/v1/auth/me`, {
        headers: { authorization: `Bearer ${token.token}` },
      })
    ).json()) as { user: { id: string }; organization: { id: string } };
    await db.query(`update users set role = 'customer' where id = $1`, [me.user.id]);
    return {
      organizationId: me.organization.id,
      headers: { authorization: `Bearer ${token.token}` },
      get cookies() {
        return cookies;
      },
      addCookies(more: string) {
        cookies = [cookies, more].filter(Boolean).join('; ');
      },
    };
  }

  /** The whole OAuth flow through the proxy: auth URL, consent at the sandbox, callback. */
  async function connectYouTube(user: Awaited<ReturnType<typeof signUpCustomer>>) {
    const started = await fetch(
      `${baseUrl}/api/v1/youtube/oauth/auth-url?returnTo=%2Fsettings%2Fconnections`,
      { headers: { ...user.headers, cookie: user.cookies } },
    );
    expect(started.status).toBe(200);
    user.addCookies(readCookies(started));
    const consentUrl = new URL(((await started.json()) as { url: string }).url);
    const form = new URLSearchParams(consentUrl.searchParams);
    form.set('persona', 'small');
    const consented = await fetch(`${baseUrl}${consentUrl.pathname}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(consented.status).toBe(302);
    const back = new URL(consented.headers.get('location')!);
    const landed = await fetch(`${baseUrl}${back.pathname}${back.search}`, {
      headers: { cookie: user.cookies },
      redirect: 'manual',
    });
    const location = new URL(landed.headers.get('location')!);
    expect(location.searchParams.get('error')).toBeNull();
    expect(location.searchParams.get('connected')).toBe('youtube');
    const { rows } = await db.query<{ id: string }>(
      `select id from platform_connections where organization_id = $1`,
      [user.organizationId],
    );
    return rows[0]!.id;
  }

  async function connectionState(id: string) {
    const { rows } = await db.query<{ status: string; sync_percent: number | null }>(
      `select status, sync_percent from platform_connections where id = $1`,
      [id],
    );
    return rows[0]!;
  }

  async function storedRows(connectionId: string): Promise<string[]> {
    const { rows } = await db.query<{ row: string }>(
      `select (to_jsonb(m) - 'account_id' - 'organization_id' - 'id' - 'created_at' - 'updated_at')::text as row
         from account_daily_metrics m join analytics_accounts a on a.id = m.account_id
        where a.connection_id = $1 order by 1`,
      [connectionId],
    );
    return rows.map((row) => row.row);
  }

  it('signs in, connects, syncs through a killed worker and serves the dashboard, with limits shared', async () => {
    // Sign-in failures count across both processes (the proxy alternates between them).
    const target = await signUpCustomer(
      `limits-${Date.now()}@example.com`,
      'correct-horse-battery',
    );
    expect(target.organizationId).toBeTruthy();
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `limits-x@example.com`, password: 'wrong-password' }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);

    // An uninterrupted sync, for comparison.
    const steady = await signUpCustomer(
      `steady-${Date.now()}@example.com`,
      'correct-horse-battery',
    );
    const steadyId = await connectYouTube(steady);
    await expect
      .poll(async () => (await connectionState(steadyId)).sync_percent, {
        timeout: 120_000,
        interval: 250,
      })
      .toBe(100);

    // A sync whose worker is killed part-way through.
    const user = await signUpCustomer(`killed-${Date.now()}@example.com`, 'correct-horse-battery');
    const connectionId = await connectYouTube(user);
    await expect
      .poll(async () => (await connectionState(connectionId)).status, {
        timeout: 60_000,
        interval: 20,
      })
      .toBe('syncing');
    worker!.child.kill('SIGKILL');
    await new Promise((resolve) => worker!.child.once('exit', resolve));
    expect((await connectionState(connectionId)).sync_percent).not.toBe(100);
    worker = await startProcess({ ...env, SYNC_WORKER: 'true' });
    await expect
      .poll(async () => (await connectionState(connectionId)).sync_percent, {
        timeout: 120_000,
        interval: 250,
      })
      .toBe(100);
    expect((await connectionState(connectionId)).status).toBe('connected');

    const killedRows = await storedRows(connectionId);
    expect(killedRows.length).toBeGreaterThan(60);
    expect(killedRows).toEqual(await storedRows(steadyId));

    // The dashboard through both processes gives one answer.
    const answers = await Promise.all(
      [0, 1].map(async () => {
        const response = await fetch(`${baseUrl}/api/dashboard/analytics?range=28d`, {
          headers: user.headers,
        });
        expect(response.status).toBe(200);
        return response.text();
      }),
    );
    expect(answers[0]).toBe(answers[1]);
  }, 300_000);
});
