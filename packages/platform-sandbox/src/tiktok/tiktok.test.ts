import { describe, expect, it } from 'vitest';
import { DEFAULT_TIKTOK_CLIENT } from '../options';
import { staticGoogleToken, staticTikTokToken, TIKTOK_SCOPES } from '../oauth/token-store';
import type { PersonaId } from '../personas/definitions';
import { createPkcePair, form, getJson, postJson, useSandbox } from '../test-support';

const sandbox = useSandbox();
const REDIRECT_URI = 'http://localhost:5173/api/v1/oauth/tiktok/callback';
const api = (path: string): string => `${sandbox.url}/tiktokapis/v2${path}`;
const VIDEO_FIELDS =
  'id,title,create_time,share_url,view_count,like_count,comment_count,share_count';

type TokenBody = {
  access_token: string;
  expires_in: number;
  open_id: string;
  refresh_expires_in: number;
  refresh_token: string;
  scope: string;
  token_type: string;
};
type OAuthError = { error: string; error_description: string; log_id: string };
type Envelope<T> = { data: T; error: { code: string; message: string; log_id: string } };
type Video = {
  id: string;
  title: string;
  create_time: number;
  share_url: string;
  view_count: number;
  like_count: number;
  comment_count: number;
  share_count: number;
};

async function consent(
  persona: PersonaId | null,
  input: { challenge?: string; scope?: string; redirectUri?: string } = {},
): Promise<URL> {
  const params: Record<string, string> = {
    client_key: DEFAULT_TIKTOK_CLIENT.clientKey,
    scope: input.scope ?? TIKTOK_SCOPES.join(','),
    response_type: 'code',
    redirect_uri: input.redirectUri ?? REDIRECT_URI,
    state: 'tiktok-state',
    ...(input.challenge ? { code_challenge: input.challenge, code_challenge_method: 'S256' } : {}),
  };
  const page = await fetch(
    `${sandbox.url}/tiktok/v2/auth/authorize/?${new URLSearchParams(params)}`,
  );
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Sandbox: sign in with TikTok');
  const decision: Record<string, string> = persona ? { persona } : { decision: 'deny' };
  const response = await fetch(`${sandbox.url}/tiktok/v2/auth/authorize/`, {
    ...form({ ...params, ...decision }),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

function token(values: Record<string, string>): Promise<Response> {
  return fetch(
    api('/oauth/token/'),
    form({
      client_key: DEFAULT_TIKTOK_CLIENT.clientKey,
      client_secret: DEFAULT_TIKTOK_CLIENT.clientSecret,
      ...values,
    }),
  );
}

async function grantFor(persona: PersonaId): Promise<TokenBody> {
  const pkce = createPkcePair();
  const back = await consent(persona, { challenge: pkce.challenge });
  const response = await token({
    grant_type: 'authorization_code',
    code: back.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT_URI,
    code_verifier: pkce.verifier,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as TokenBody;
}

function post<T>(path: string, accessToken: string, body: unknown) {
  return fetch(api(path), {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (response) => ({
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Envelope<T>,
  }));
}

async function listAll(accessToken: string): Promise<Video[]> {
  const videos: Video[] = [];
  let cursor: number | undefined;
  for (;;) {
    const page = await post<{ videos: Video[]; cursor: number; has_more: boolean }>(
      `/video/list/?fields=${VIDEO_FIELDS}`,
      accessToken,
      { max_count: 20, ...(cursor === undefined ? {} : { cursor }) },
    );
    expect(page.status).toBe(200);
    videos.push(...page.body.data.videos);
    if (!page.body.data.has_more) return videos;
    cursor = page.body.data.cursor;
  }
}

async function moveClock(body: Record<string, unknown>): Promise<void> {
  expect((await postJson(`${sandbox.url}/__control/clock`, body)).status).toBe(200);
}

describe('TikTok Login Kit', () => {
  it('consent → code → tokens with TikTok’s lifetimes, PKCE checked, code single-use', async () => {
    const pkce = createPkcePair();
    const back = await consent('mid', { challenge: pkce.challenge });
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('tiktok-state');
    const code = back.searchParams.get('code') ?? '';

    const exchange = (extra: Record<string, string>) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, ...extra });
    const mismatch = await exchange({
      redirect_uri: `${REDIRECT_URI}/`,
      code_verifier: pkce.verifier,
    });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as OAuthError).error_description).toContain('redirect_uri');
    const wrongVerifier = await exchange({ code_verifier: createPkcePair().verifier });
    expect(await wrongVerifier.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'Code verifier or code challenge is invalid.',
    });

    const ok = await exchange({ code_verifier: pkce.verifier });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as TokenBody;
    expect(body).toMatchObject({
      expires_in: 86_400,
      refresh_expires_in: 31_536_000,
      scope: TIKTOK_SCOPES.join(','),
      token_type: 'Bearer',
    });
    const personas = await getJson<{ personas: { id: string; tiktok: { openId: string } }[] }>(
      `${sandbox.url}/__control/personas`,
    );
    expect(body.open_id).toBe(personas.body.personas.find((p) => p.id === 'mid')?.tiktok.openId);

    // A replayed code fails and revokes what the first exchange issued.
    const replay = await exchange({ code_verifier: pkce.verifier });
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    const info = await getJson<Envelope<unknown>>(
      api('/user/info/?fields=open_id'),
      body.access_token,
    );
    expect(info.status).toBe(401);
    expect(info.body.error.code).toBe('access_token_invalid');
  });

  it('a declined consent comes back with access_denied; bad clients get invalid_client', async () => {
    const back = await consent(null);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const wrongSecret = await fetch(
      api('/oauth/token/'),
      form({
        client_key: DEFAULT_TIKTOK_CLIENT.clientKey,
        client_secret: 'nope',
        grant_type: 'refresh_token',
      }),
    );
    expect(wrongSecret.status).toBe(401);
    const body = (await wrongSecret.json()) as OAuthError;
    expect(body.error).toBe('invalid_client');
    expect(body.log_id).toMatch(/^\d{14}[0-9A-F]+$/);
    const unknownScope = await fetch(
      `${sandbox.url}/tiktok/v2/auth/authorize/?${new URLSearchParams({
        client_key: DEFAULT_TIKTOK_CLIENT.clientKey,
        scope: 'user.info.basic,video.publish',
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
      })}`,
    );
    expect(unknownScope.status).toBe(400);
  });

  it('access tokens die after 24 hours; the refresh token gets a new one; revocation ends both', async () => {
    const grant = await grantFor('small');
    await moveClock({ advanceSeconds: 86_400 });
    try {
      const expired = await getJson<Envelope<unknown>>(
        api('/user/info/?fields=open_id'),
        grant.access_token,
      );
      expect(expired.status).toBe(401);
      expect(expired.body.error.code).toBe('access_token_invalid');
      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: grant.refresh_token,
      });
      const body = (await refreshed.json()) as TokenBody;
      expect(body.expires_in).toBe(86_400);
      expect(body.refresh_token).toBe(grant.refresh_token);
      expect(body.refresh_expires_in).toBe(31_536_000 - 86_400);
      expect((await getJson(api('/user/info/?fields=open_id'), body.access_token)).status).toBe(
        200,
      );

      const revoke = await fetch(
        api('/oauth/revoke/'),
        form({
          client_key: DEFAULT_TIKTOK_CLIENT.clientKey,
          client_secret: DEFAULT_TIKTOK_CLIENT.clientSecret,
          token: body.access_token,
        }),
      );
      expect(revoke.status).toBe(200);
      const after = await getJson<Envelope<unknown>>(
        api('/user/info/?fields=open_id'),
        body.access_token,
      );
      expect(after.body.error.code).toBe('access_token_invalid');
      const again = await token({
        grant_type: 'refresh_token',
        refresh_token: grant.refresh_token,
      });
      expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await moveClock({ advanceSeconds: -86_400 });
    }
  });
});

describe('TikTok Display API', () => {
  it('user/info answers the asked fields in the envelope; stats need user.info.stats', async () => {
    const fields =
      'open_id,display_name,username,is_verified,follower_count,following_count,likes_count,video_count';
    const { status, body } = await getJson<Envelope<{ user: Record<string, unknown> }>>(
      api(`/user/info/?fields=${fields}`),
      staticTikTokToken('mid'),
    );
    expect(status).toBe(200);
    expect(body.error).toMatchObject({ code: 'ok', message: '' });
    expect(Object.keys(body.data.user).sort()).toEqual(fields.split(',').sort());
    expect(body.data.user).toMatchObject({ display_name: 'Nora Lumen', username: 'noralumen' });

    const basicOnly = await grantForScopes('user.info.basic');
    const refused = await getJson<Envelope<unknown>>(
      api('/user/info/?fields=follower_count'),
      basicOnly,
    );
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('scope_not_authorized');
    const unknown = await getJson<Envelope<unknown>>(
      api('/user/info/?fields=open_id,nope'),
      basicOnly,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('invalid_params');
  });

  it('video/list pages newest first with its cursor; counts add up to the profile', async () => {
    const accessToken = staticTikTokToken('mid');
    const videos = await listAll(accessToken);
    const info = await getJson<Envelope<{ user: { likes_count: number; video_count: number } }>>(
      api('/user/info/?fields=likes_count,video_count'),
      accessToken,
    );
    expect(videos.length).toBe(info.body.data.user.video_count);
    expect(videos.length).toBeGreaterThan(40);
    expect(new Set(videos.map((video) => video.id)).size).toBe(videos.length);
    const times = videos.map((video) => video.create_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(videos.reduce((sum, video) => sum + video.like_count, 0)).toBe(
      info.body.data.user.likes_count,
    );
    // Nothing posted after the sandbox's now.
    expect(Math.max(...times) * 1000).toBeLessThanOrEqual(Date.parse('2025-06-15T12:00:00Z'));

    const tooMany = await post(`/video/list/?fields=id`, accessToken, { max_count: 21 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('invalid_params');
  });

  it('same artist, same songs: every video is about one of the YouTube releases', async () => {
    const personas = await getJson<{ personas: { id: string; tiktok: { songs: string[] } }[] }>(
      `${sandbox.url}/__control/personas`,
    );
    const songs = personas.body.personas.find((p) => p.id === 'mid')!.tiktok.songs;
    expect(songs.length).toBeGreaterThan(5);
    // The songs are the titles of the YouTube channel's official videos.
    const uploads = await getJson<{ items: { snippet: { title: string } }[] }>(
      `${sandbox.url}/youtube/v3/channels?part=snippet&mine=true`,
      staticGoogleToken('mid'),
    );
    expect(uploads.body.items[0]?.snippet.title).toBe('Nora Lumen');
    const videos = await listAll(staticTikTokToken('mid'));
    for (const video of videos) {
      expect(songs.some((song) => video.title.startsWith(`${song} — `))).toBe(true);
    }
  });

  it('video/query reads ≤ 20 ids and skips unknown ones; counts move with the clock, never back', async () => {
    const accessToken = staticTikTokToken('large');
    const ids = (await listAll(accessToken)).slice(0, 3).map((video) => video.id);
    const query = () =>
      post<{ videos: Video[] }>(`/video/query/?fields=${VIDEO_FIELDS}`, accessToken, {
        filters: { video_ids: [...ids, '7000000000000000000'] },
      });
    const before = await query();
    expect(before.body.data.videos.map((video) => video.id)).toEqual(ids);
    expect((await query()).body).toMatchObject({ data: before.body.data });
    await moveClock({ advanceDays: 1 });
    try {
      const after = await query();
      for (const [index, video] of after.body.data.videos.entries()) {
        const earlier = before.body.data.videos[index]!;
        expect(video.view_count).toBeGreaterThan(earlier.view_count);
        expect(video.like_count).toBeGreaterThanOrEqual(earlier.like_count);
      }
    } finally {
      await moveClock({ advanceDays: -1 });
    }
    const tooMany = await post(`/video/query/?fields=id`, accessToken, {
      filters: { video_ids: Array.from({ length: 21 }, (_, i) => `7${i}`) },
    });
    expect(tooMany.status).toBe(400);
  });

  it('faults answer in TikTok’s shapes: 429 rate_limit_exceeded, revoked access_token_invalid', async () => {
    const arm = (fault: unknown, api: string) =>
      postJson(`${sandbox.url}/__control/faults`, { match: { api }, fault, times: 1 });
    expect((await arm({ type: '429', retryAfterSeconds: 2 }, 'tiktok')).status).toBe(201);
    const limited = await getJson<Envelope<unknown>>(
      api('/user/info/?fields=open_id'),
      staticTikTokToken('small'),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.body.error.code).toBe('rate_limit_exceeded');
    await arm({ type: 'revoked' }, 'oauth');
    const refused = await token({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(20) });
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('TikTok rate limit and revocation', () => {
  const limited = useSandbox({ tiktokRequestsPerMinute: 2 });

  it('answers 429 rate_limit_exceeded past the per-minute budget of an endpoint', async () => {
    const read = () =>
      getJson<Envelope<unknown>>(
        `${limited.url}/tiktokapis/v2/user/info/?fields=open_id`,
        staticTikTokToken('small'),
      );
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    const third = await read();
    expect(third.status).toBe(429);
    expect(third.body.error.code).toBe('rate_limit_exceeded');
  });

  it('a persona revoked through the control API is access_token_invalid', async () => {
    const revoke = await postJson(`${limited.url}/__control/revoke`, {
      persona: 'mid',
      provider: 'tiktok',
    });
    expect(await revoke.json()).toEqual({ revokedGrants: 1 });
    const read = await fetch(`${limited.url}/tiktokapis/v2/video/list/?fields=id`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${staticTikTokToken('mid')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ max_count: 5 }),
    });
    expect(read.status).toBe(401);
    expect(((await read.json()) as Envelope<unknown>).error.code).toBe('access_token_invalid');
  });
});

async function grantForScopes(scope: string): Promise<string> {
  const pkce = createPkcePair();
  const back = await consent('small', { challenge: pkce.challenge, scope });
  const response = await token({
    grant_type: 'authorization_code',
    code: back.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT_URI,
    code_verifier: pkce.verifier,
  });
  return ((await response.json()) as TokenBody).access_token;
}
