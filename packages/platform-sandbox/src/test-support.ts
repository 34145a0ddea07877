import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_GOOGLE_CLIENT, DEFAULT_META_APP } from './options';
import { GOOGLE_SCOPES } from './oauth/token-store';
import type { PersonaId } from './personas/definitions';
import { startSandboxServer, type RunningSandbox, type StartSandboxServerOptions } from './server';

/** Test helpers shared by the sandbox's own tests (real HTTP on a random port). */
export const PINNED_NOW = '2025-06-15T12:00:00Z';
export const REDIRECT_URI = 'http://localhost:5173/connections/youtube/callback';
export const META_REDIRECT_URI = 'http://localhost:5173/connections/meta/callback';

export function useSandbox(options: StartSandboxServerOptions = {}): { readonly url: string } {
  let sandbox: RunningSandbox | undefined;
  const handle = {
    get url(): string {
      if (!sandbox) throw new Error('sandbox not started');
      return sandbox.url;
    },
  };
  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, now: PINNED_NOW, ...options });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return handle;
}

export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function form(values: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  };
}

export async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export const ALL_GOOGLE_SCOPES = Object.values(GOOGLE_SCOPES).join(' ');

/** Walks the consent page like a browser: GET the page, submit the persona's button. */
export async function authorizeGoogle(
  baseUrl: string,
  input: {
    persona: PersonaId;
    challenge: string;
    redirectUri?: string;
    scope?: string;
    state?: string;
    accessType?: string;
  },
): Promise<{ code: string; state: string | null; location: URL }> {
  const params = {
    client_id: DEFAULT_GOOGLE_CLIENT.clientId,
    redirect_uri: input.redirectUri ?? REDIRECT_URI,
    response_type: 'code',
    scope: input.scope ?? ALL_GOOGLE_SCOPES,
    state: input.state ?? 'state-123',
    code_challenge: input.challenge,
    code_challenge_method: 'S256',
    access_type: input.accessType ?? 'offline',
    prompt: 'consent',
  };
  const page = await fetch(`${baseUrl}/oauth2/auth?${new URLSearchParams(params)}`);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  const response = await fetch(`${baseUrl}/oauth2/auth`, {
    ...form({ ...params, persona: input.persona }),
    redirect: 'manual',
  });
  const location = new URL(response.headers.get('location') ?? '');
  return {
    code: location.searchParams.get('code') ?? '',
    state: location.searchParams.get('state'),
    location,
  };
}

export async function exchangeGoogleCode(
  baseUrl: string,
  input: { code: string; verifier: string; redirectUri?: string },
): Promise<Response> {
  return fetch(
    `${baseUrl}/oauth2/token`,
    form({
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.verifier,
      redirect_uri: input.redirectUri ?? REDIRECT_URI,
      client_id: DEFAULT_GOOGLE_CLIENT.clientId,
      client_secret: DEFAULT_GOOGLE_CLIENT.clientSecret,
    }),
  );
}

export async function authorizeMeta(
  baseUrl: string,
  persona: PersonaId,
  scope = 'instagram_basic,instagram_manage_insights,pages_show_list,pages_read_engagement',
): Promise<URL> {
  const params = {
    client_id: DEFAULT_META_APP.appId,
    redirect_uri: META_REDIRECT_URI,
    state: 'meta-state',
    scope,
    response_type: 'code',
  };
  const page = await fetch(`${baseUrl}/facebook/dialog/oauth?${new URLSearchParams(params)}`);
  if (page.status !== 200) throw new Error(`dialog answered ${page.status}`);
  const response = await fetch(`${baseUrl}/facebook/dialog/oauth`, {
    ...form({ ...params, persona }),
    redirect: 'manual',
  });
  return new URL(response.headers.get('location') ?? '');
}

export async function getJson<T = Record<string, unknown>>(
  url: string,
  token?: string,
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}
