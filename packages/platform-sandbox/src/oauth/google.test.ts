import { describe, expect, it } from 'vitest';
import { DEFAULT_GOOGLE_CLIENT } from '../options';
import {
  REDIRECT_URI,
  authorizeGoogle,
  createPkcePair,
  exchangeGoogleCode,
  form,
  getJson,
  postJson,
  useSandbox,
} from '../test-support';

const sandbox = useSandbox();

type TokenBody = {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
  error?: string;
  error_description?: string;
};

async function login(persona: 'small' | 'mid' | 'large' = 'mid'): Promise<TokenBody> {
  const pkce = createPkcePair();
  const { code } = await authorizeGoogle(sandbox.url, { persona, challenge: pkce.challenge });
  const response = await exchangeGoogleCode(sandbox.url, { code, verifier: pkce.verifier });
  expect(response.status).toBe(200);
  return (await response.json()) as TokenBody;
}

async function refresh(refreshToken: string): Promise<Response> {
  return fetch(
    `${sandbox.url}/oauth2/token`,
    form({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: DEFAULT_GOOGLE_CLIENT.clientId,
      client_secret: DEFAULT_GOOGLE_CLIENT.clientSecret,
    }),
  );
}

describe('Google OAuth 2.0', () => {
  it('renders an accessible consent page with one Sandbox button per persona', async () => {
    const { challenge } = createPkcePair();
    const query = new URLSearchParams({
      client_id: DEFAULT_GOOGLE_CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/youtube.readonly',
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const response = await fetch(`${sandbox.url}/oauth2/auth?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    for (const persona of ['small', 'mid', 'large']) {
      expect(html).toMatch(
        new RegExp(`<button[^>]*name="persona" value="${persona}">Sandbox: continue as`),
      );
    }
  });

  it('runs the authorization code + PKCE flow and the token works on the API', async () => {
    const pkce = createPkcePair();
    const { code, state, location } = await authorizeGoogle(sandbox.url, {
      persona: 'mid',
      challenge: pkce.challenge,
      state: 'abc',
    });
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(state).toBe('abc');
    expect(code).toMatch(/^4\/0/);
    const response = await exchangeGoogleCode(sandbox.url, { code, verifier: pkce.verifier });
    expect(response.status).toBe(200);
    const body = (await response.json()) as TokenBody;
    expect(body).toMatchObject({ expires_in: 3599, token_type: 'Bearer' });
    expect(body.refresh_token).toBeTruthy();
    expect(body.scope).toContain('https://www.googleapis.com/auth/yt-analytics.readonly');
    const channels = await getJson(
      `${sandbox.url}/youtube/v3/channels?part=snippet&mine=true`,
      body.access_token,
    );
    expect(channels.status).toBe(200);
  });

  it('rejects a wrong code_verifier with invalid_grant', async () => {
    const pkce = createPkcePair();
    const { code } = await authorizeGoogle(sandbox.url, {
      persona: 'mid',
      challenge: pkce.challenge,
    });
    const response = await exchangeGoogleCode(sandbox.url, {
      code,
      verifier: createPkcePair().verifier,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid code verifier.',
    });
  });

  it('rejects a redirect_uri that differs by one character', async () => {
    const pkce = createPkcePair();
    const { code } = await authorizeGoogle(sandbox.url, {
      persona: 'mid',
      challenge: pkce.challenge,
    });
    const response = await exchangeGoogleCode(sandbox.url, {
      code,
      verifier: pkce.verifier,
      redirectUri: `${REDIRECT_URI}x`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'redirect_uri_mismatch',
      error_description: 'Bad Request',
    });
  });

  it('accepts a code once; a replay fails and revokes what the code issued', async () => {
    const pkce = createPkcePair();
    const { code } = await authorizeGoogle(sandbox.url, {
      persona: 'mid',
      challenge: pkce.challenge,
    });
    const first = await exchangeGoogleCode(sandbox.url, { code, verifier: pkce.verifier });
    const tokens = (await first.json()) as TokenBody;
    const replay = await exchangeGoogleCode(sandbox.url, { code, verifier: pkce.verifier });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as TokenBody).error).toBe('invalid_grant');
    const api = await getJson(
      `${sandbox.url}/youtube/v3/channels?part=id&mine=true`,
      tokens.access_token,
    );
    expect(api.status).toBe(401);
  });

  it('refreshes an access token', async () => {
    const tokens = await login();
    const response = await refresh(tokens.refresh_token ?? '');
    expect(response.status).toBe(200);
    const body = (await response.json()) as TokenBody;
    expect(body.access_token).not.toBe(tokens.access_token);
    expect(body.refresh_token).toBeUndefined();
    expect(body.expires_in).toBe(3599);
  });

  it('revokes: refresh then fails with invalid_grant and API calls with 401', async () => {
    const tokens = await login();
    const revoke = await fetch(
      `${sandbox.url}/oauth2/revoke?token=${encodeURIComponent(tokens.access_token)}`,
      { method: 'POST' },
    );
    expect(revoke.status).toBe(200);
    const response = await refresh(tokens.refresh_token ?? '');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
    const api = await getJson<{ error: { code: number; status: string } }>(
      `${sandbox.url}/youtube/v3/channels?part=id&mine=true`,
      tokens.access_token,
    );
    expect(api.status).toBe(401);
    expect(api.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
  });

  it('expires access tokens after 3599 s of sandbox time', async () => {
    const tokens = await login();
    await postJson(`${sandbox.url}/__control/clock`, { advanceSeconds: 3600 });
    const api = await getJson(
      `${sandbox.url}/youtube/v3/channels?part=id&mine=true`,
      tokens.access_token,
    );
    expect(api.status).toBe(401);
    const refreshed = (await (await refresh(tokens.refresh_token ?? '')).json()) as TokenBody;
    const again = await getJson(
      `${sandbox.url}/youtube/v3/channels?part=id&mine=true`,
      refreshed.access_token,
    );
    expect(again.status).toBe(200);
    await postJson(`${sandbox.url}/__control/clock`, { advanceSeconds: -3600 });
  });

  it('rejects unknown clients and wrong secrets with invalid_client', async () => {
    const unknown = await fetch(
      `${sandbox.url}/oauth2/token`,
      form({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: 'nope',
        client_secret: 'x',
      }),
    );
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as TokenBody).error).toBe('invalid_client');
    const wrongSecret = await fetch(
      `${sandbox.url}/oauth2/token`,
      form({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: DEFAULT_GOOGLE_CLIENT.clientId,
        client_secret: 'wrong',
      }),
    );
    expect(wrongSecret.status).toBe(401);
    const page = await fetch(
      `${sandbox.url}/oauth2/auth?client_id=nope&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&response_type=code&scope=openid`,
    );
    expect(page.status).toBe(401);
  });

  it('gives no refresh token without access_type=offline', async () => {
    const pkce = createPkcePair();
    const { code } = await authorizeGoogle(sandbox.url, {
      persona: 'small',
      challenge: pkce.challenge,
      accessType: 'online',
    });
    const body = (await (
      await exchangeGoogleCode(sandbox.url, { code, verifier: pkce.verifier })
    ).json()) as TokenBody;
    expect(body.refresh_token).toBeUndefined();
  });
});
