import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { MeResponse, Role } from '@crescendo/contracts';
import { buildApp, type App, type AppDependencies } from '../app';
import { loadConfig, type Config } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import { updateUserRole } from '../modules/users';
import { createTestDatabase, type DatabaseTarget } from './test-database';

export const testAppUrl = 'http://localhost:3000';

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** Every log line the app wrote (when built with `captureLogs`). */
  logs: string[];
  close(): Promise<void>;
};

export async function buildTestApp(
  target: DatabaseTarget,
  options: {
    env?: Record<string, string>;
    captureLogs?: boolean;
    /** The app's one clock (entitlements, token lifetimes, windows, links, digests). */
    now?: AppDependencies['now'];
    platformOverrides?: AppDependencies['platformOverrides'];
    billingOverrides?: AppDependencies['billingOverrides'];
    assistantOverrides?: AppDependencies['assistantOverrides'];
    clerkOverrides?: AppDependencies['clerkOverrides'];
    /** Another app's database: two apps on one database behave as two API processes. */
    sharedDatabase?: DatabaseHandle;
    /** Adds routes before the app is ready (benches add a reference route). */
    beforeReady?: (app: App) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crescendo-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: options.captureLogs ? 'info' : 'silent',
    CRESCENDO_DATA_DIR: dataDir,
    APP_URL: testAppUrl,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Tests arrange roles and sessions with direct database writes; the short user cache would
    // hide them (its own tests turn it on).
    USER_CACHE_TTL_MS: '0',
    ...options.env,
  });
  const database = options.sharedDatabase ?? (await createTestDatabase(target));
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({
    config,
    database,
    ...(options.captureLogs ? { logStream } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.platformOverrides ? { platformOverrides: options.platformOverrides } : {}),
    // Payments settle at once in tests (the spec's 300–1000 ms latency is the sandbox default).
    billingOverrides: {
      ...options.billingOverrides,
      sandbox: { minDelayMs: 0, maxDelayMs: 0, ...options.billingOverrides?.sandbox },
    },
    ...(options.assistantOverrides ? { assistantOverrides: options.assistantOverrides } : {}),
    ...(options.clerkOverrides ? { clerkOverrides: options.clerkOverrides } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    async close() {
      await app.close();
      if (!options.sharedDatabase) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type SignedInUser = {
  token: string;
  cookie: string;
  me: MeResponse;
  email: string;
  password: string;
};

let userCounter = 0;

export function uniqueEmail(prefix = 'artist'): string {
  userCounter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${userCounter}@example.com`;
}

function readCookie(setCookie: string | string[] | undefined): string {
  const values = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return values.map((value) => value.split(';')[0]).join('; ');
}

/** Signs up through the embedded identity provider exactly as the web app does. */
export async function signUp(
  app: App,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<{
  token: string;
  cookie: string;
  email: string;
  password: string;
  identityUserId: string;
}> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? 'correct-horse-battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: testAppUrl },
    payload: { email, password, name: input.name ?? 'Test Artist' },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = readCookie(response.headers['set-cookie']);
  const token = await fetchToken(app, cookie);
  return {
    token,
    cookie,
    email,
    password,
    identityUserId: response.json<{ user: { id: string } }>().user.id,
  };
}

export async function signIn(
  app: App,
  email: string,
  password: string,
): Promise<{ token: string; cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testAppUrl },
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = readCookie(response.headers['set-cookie']);
  return { token: await fetchToken(app, cookie), cookie };
}

async function fetchToken(app: App, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } });
  if (response.statusCode !== 200)
    throw new Error(`token failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A signed-up, provisioned user holding the given backend role. */
export async function createUser(
  testApp: TestApp,
  role: Role = 'customer',
  name = 'Test Artist',
): Promise<SignedInUser> {
  const { app, database } = testApp;
  const account = await signUp(app, { name });
  const first = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/me',
    headers: bearer(account.token),
  });
  if (first.statusCode !== 200)
    throw new Error(`provisioning failed: ${first.statusCode} ${first.body}`);
  const provisioned = first.json<MeResponse>();
  if (role !== provisioned.role) await updateUserRole(database.db, provisioned.user.id, role);
  const me = (
    await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(account.token) })
  ).json<MeResponse>();
  return {
    token: account.token,
    cookie: account.cookie,
    me,
    email: account.email,
    password: account.password,
  };
}
