import { describe, expect, it } from 'vitest';
import {
  MalformedResponseError,
  ProviderError,
  ReconnectNeededError,
  TransientProviderError,
  defaultRetryPolicy,
  type PlatformFetch,
} from './platform-http';
import { createTikTokClient } from './tiktok-client';

const config = {
  clientKey: 'key',
  clientSecret: 'secret',
  isSandbox: false,
  authUrl: 'https://www.tiktok.test/v2/auth/authorize/',
  apiUrl: 'https://open.tiktok.test/v2',
};
const issuedAt = new Date('2025-06-15T12:00:00Z');
const ok = { code: 'ok', message: '', log_id: '1' };

function clientAnswering(answer: (url: URL, init?: RequestInit) => Response) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const fetch: PlatformFetch = async (url, init) => {
    const parsed = new URL(url);
    calls.push({ url: parsed, ...(init ? { init } : {}) });
    return answer(parsed, init);
  };
  const client = createTikTokClient(
    config,
    { fetch, retry: { ...defaultRetryPolicy, baseDelayMs: 0, sleep: async () => {} } },
    () => issuedAt,
  );
  return { client, calls };
}

describe('the TikTok client', () => {
  it('builds Login Kit’s consent URL with the trailing slash, the scopes and PKCE', () => {
    const { client } = clientAnswering(() => Response.json({}));
    const url = new URL(
      client.buildAuthUrl({ state: 's', redirectUri: 'https://app.test/cb', codeChallenge: 'c' }),
    );
    expect(url.origin + url.pathname).toBe(config.authUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: 'key',
      scope: 'user.info.basic,user.info.profile,user.info.stats,video.list',
      response_type: 'code',
      redirect_uri: 'https://app.test/cb',
      state: 's',
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
  });

  it('measures token lifetimes on the provider’s clock and sends the verifier', async () => {
    const { client, calls } = clientAnswering(() =>
      Response.json({
        access_token: 'act.1',
        expires_in: 86_400,
        open_id: 'open-1',
        refresh_token: 'rft.1',
        refresh_expires_in: 31_536_000,
        scope: 'user.info.basic,video.list',
        token_type: 'Bearer',
      }),
    );
    const tokens = await client.exchangeCode({ code: 'c', redirectUri: 'r', codeVerifier: 'v' });
    expect(tokens).toEqual({
      accessToken: 'act.1',
      refreshToken: 'rft.1',
      expiresAt: new Date(issuedAt.getTime() + 86_400_000),
      openId: 'open-1',
      scopes: ['user.info.basic', 'video.list'],
    });
    const form = new URLSearchParams(String(calls[0]!.init!.body));
    expect(calls[0]!.url.pathname).toBe('/v2/oauth/token/');
    expect(Object.fromEntries(form)).toMatchObject({
      client_key: 'key',
      client_secret: 'secret',
      grant_type: 'authorization_code',
      code_verifier: 'v',
    });
  });

  it('a refused refresh token asks to reconnect, whatever the status it came with', async () => {
    for (const status of [400, 200]) {
      const { client } = clientAnswering(() =>
        Response.json(
          { error: 'invalid_grant', error_description: 'Refresh token is invalid.', log_id: '1' },
          { status },
        ),
      );
      await expect(client.refreshAccessToken('rft.1')).rejects.toBeInstanceOf(ReconnectNeededError);
    }
    // A redirect mismatch is the app's configuration, not the user's grant.
    const { client } = clientAnswering(() =>
      Response.json(
        { error: 'invalid_grant', error_description: 'The redirect_uri does not match.' },
        { status: 400 },
      ),
    );
    const failure = client.exchangeCode({ code: 'c', redirectUri: 'r', codeVerifier: 'v' });
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.not.toBeInstanceOf(ReconnectNeededError);
  });

  it('follows video/list’s cursor until has_more is false, 20 at a time', async () => {
    const { client, calls } = clientAnswering((_url, init) => {
      const body = JSON.parse(String(init?.body)) as { cursor?: number; max_count: number };
      expect(body.max_count).toBe(20);
      const pages: Record<string, unknown> = {
        none: { videos: [{ id: '3', create_time: 3 }], cursor: 3000, has_more: true },
        3000: { videos: [{ id: '2', create_time: 2 }], cursor: 2000, has_more: true },
        2000: { videos: [{ id: '1', create_time: 1 }], cursor: 1000, has_more: false },
      };
      return Response.json({ data: pages[String(body.cursor ?? 'none')], error: ok });
    });
    const videos = await client.listVideos('act.1');
    expect(videos.map((video) => video.id)).toEqual(['3', '2', '1']);
    expect(calls[0]!.url.searchParams.get('fields')).toContain('view_count');
    expect(calls[0]!.init!.headers).toMatchObject({ authorization: 'Bearer act.1' });
  });

  it('keeps only https links, so a stored link is safe as an href', async () => {
    const { client } = clientAnswering(() =>
      Response.json({
        data: {
          videos: [
            { id: 'a', create_time: 1, share_url: 'https://www.tiktok.com/@a/video/a' },
            { id: 'b', create_time: 1, share_url: 'javascript:alert(1)' },
          ],
          cursor: 0,
          has_more: false,
        },
        error: ok,
      }),
    );
    const videos = await client.listVideos('act.1');
    expect(videos.map((video) => video.share_url ?? null)).toEqual([
      'https://www.tiktok.com/@a/video/a',
      null,
    ]);
  });

  it.each([
    [401, 'access_token_invalid', ReconnectNeededError],
    [401, 'scope_not_authorized', ReconnectNeededError],
    [400, 'invalid_params', ProviderError],
  ])('classifies %s %s from the envelope', async (status, code, type) => {
    const { client } = clientAnswering(() =>
      Response.json({ error: { code, message: 'm', log_id: '1' } }, { status }),
    );
    await expect(client.fetchUser('act.1')).rejects.toBeInstanceOf(type);
  });

  it('treats a non-ok envelope at 200 as the error it names, and a broken body as malformed', async () => {
    const { client } = clientAnswering(() =>
      Response.json({
        data: {},
        error: { code: 'access_token_invalid', message: '', log_id: '1' },
      }),
    );
    await expect(client.fetchUser('act.1')).rejects.toBeInstanceOf(ReconnectNeededError);
    const broken = clientAnswering(() => Response.json({ data: { user: {} }, error: ok }));
    await expect(broken.client.fetchUser('act.1')).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('retries 429 rate_limit_exceeded, then fails transiently', async () => {
    const { client, calls } = clientAnswering(() =>
      Response.json(
        { error: { code: 'rate_limit_exceeded', message: '', log_id: '1' } },
        { status: 429, headers: { 'retry-after': '0' } },
      ),
    );
    await expect(client.fetchUser('act.1')).rejects.toBeInstanceOf(TransientProviderError);
    expect(calls).toHaveLength(defaultRetryPolicy.maxRetries + 1);
  });
});
