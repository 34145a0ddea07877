import { describe, expect, it } from 'vitest';
import { staticGoogleToken, staticMetaToken } from './oauth/token-store';
import { PINNED_NOW, getJson, postJson, useSandbox } from './test-support';
import { startSandboxServer } from './server';

const sandbox = useSandbox();
const channelsUrl = (): string => `${sandbox.url}/youtube/v3/channels?part=id&mine=true`;
const token = staticGoogleToken('mid');

async function addFault(body: unknown): Promise<void> {
  const response = await postJson(`${sandbox.url}/__control/faults`, body);
  expect(response.status).toBe(201);
}

describe('control API and faults', () => {
  it('injects 429 with Retry-After for a limited number of calls', async () => {
    await addFault({
      match: { api: 'youtube', path: '/channels' },
      fault: { type: '429', retryAfterSeconds: 7 },
      times: 2,
    });
    for (let i = 0; i < 2; i += 1) {
      const { status, body, headers } = await getJson<{ error: { code: number; status: string } }>(
        channelsUrl(),
        token,
      );
      expect(status).toBe(429);
      expect(headers.get('retry-after')).toBe('7');
      expect(body.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    }
    expect((await getJson(channelsUrl(), token)).status).toBe(200);
  });

  it('injects 5xx, quotaExceeded, revoked and malformed faults in provider shapes', async () => {
    await addFault({ match: { api: 'analytics' }, fault: { type: '5xx', status: 503 }, times: 1 });
    const unavailable = await getJson<{ error: { code: number } }>(
      `${sandbox.url}/youtubeanalytics/v2/reports?ids=channel==MINE`,
      token,
    );
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.error.code).toBe(503);

    await addFault({ match: { api: 'youtube' }, fault: { type: 'quotaExceeded' }, times: 1 });
    const quota = await getJson<{
      error: { code: number; errors: { domain: string; reason: string }[] };
    }>(channelsUrl(), token);
    expect(quota.status).toBe(403);
    expect(quota.body.error.errors[0]).toMatchObject({
      domain: 'youtube.quota',
      reason: 'quotaExceeded',
    });

    await addFault({
      match: { api: 'oauth', path: '/oauth2/token' },
      fault: { type: 'revoked' },
      times: 1,
    });
    const refresh = await fetch(`${sandbox.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=sandbox-google-refresh-mid&client_id=sandbox-google-client-id&client_secret=sandbox-google-client-secret',
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });

    await addFault({ match: { api: 'graph' }, fault: { type: 'revoked' }, times: 1 });
    const graphRevoked = await getJson<{ error: { code: number } }>(
      `${sandbox.url}/graph/v21.0/me?access_token=${staticMetaToken('mid')}`,
    );
    expect(graphRevoked.body.error.code).toBe(190);

    await addFault({
      match: { api: 'graph' },
      fault: { type: '429', retryAfterSeconds: 3 },
      times: 1,
    });
    const throttled = await fetch(
      `${sandbox.url}/graph/v21.0/me?access_token=${staticMetaToken('mid')}`,
    );
    expect(throttled.status).toBe(429);
    expect(((await throttled.json()) as { error: { code: number } }).error.code).toBe(4);

    await addFault({ match: { api: 'youtube' }, fault: { type: 'malformed' }, times: 1 });
    const malformed = await fetch(channelsUrl(), { headers: { authorization: `Bearer ${token}` } });
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();
  });

  it('lists and clears faults, and validates fault bodies', async () => {
    await addFault({ match: { api: 'graph' }, fault: { type: '5xx' } });
    const listed = await getJson<{ faults: unknown[] }>(`${sandbox.url}/__control/faults`);
    expect(listed.body.faults.length).toBeGreaterThan(0);
    const cleared = await fetch(`${sandbox.url}/__control/faults`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(
      (await getJson(`${sandbox.url}/graph/v21.0/me?access_token=${staticMetaToken('mid')}`))
        .status,
    ).toBe(200);
    const invalid = await postJson(`${sandbox.url}/__control/faults`, {
      match: { api: 'nope' },
      fault: { type: '429' },
    });
    expect(invalid.status).toBe(400);
  });

  it('revokes a persona and reports state, and moves the clock', async () => {
    const revoke = await postJson(`${sandbox.url}/__control/revoke`, { persona: 'small' });
    expect(
      ((await revoke.json()) as { revokedGrants: number }).revokedGrants,
    ).toBeGreaterThanOrEqual(2);
    expect((await getJson(channelsUrl(), staticGoogleToken('small'))).status).toBe(401);
    const state = await getJson<{
      today: string;
      analyticsLastDataDay: string;
      personas: { id: string }[];
    }>(`${sandbox.url}/__control/state`);
    expect(state.body).toMatchObject({ today: '2025-06-15', analyticsLastDataDay: '2025-06-13' });
    expect(state.body.personas.map((p) => p.id)).toEqual(['small', 'mid', 'large']);
    const moved = await postJson(`${sandbox.url}/__control/clock`, { advanceDays: 3 });
    expect(((await moved.json()) as { today: string }).today).toBe('2025-06-18');
    await postJson(`${sandbox.url}/__control/clock`, { now: PINNED_NOW });
  });

  it('enforces the YouTube Data API daily quota', async () => {
    const limited = await startSandboxServer({ port: 0, now: PINNED_NOW, youtubeDailyQuota: 2 });
    try {
      const url = `${limited.url}/youtube/v3/channels?part=id&mine=true`;
      expect((await getJson(url, token)).status).toBe(200);
      expect((await getJson(url, token)).status).toBe(200);
      expect((await getJson(url, token)).status).toBe(403);
      await postJson(`${limited.url}/__control/clock`, { advanceDays: 1 });
      expect((await getJson(url, token)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('determinism', () => {
  it('answers identical bodies from two sandboxes with the same seed', async () => {
    const paths = [
      '/youtube/v3/channels?part=snippet,contentDetails,statistics&mine=true',
      '/youtubeanalytics/v2/reports?ids=channel==MINE&startDate=2024-01-01&endDate=2025-06-13&metrics=views,likes,estimatedRevenue&dimensions=day,country',
      `/graph/v21.0/me/accounts?fields=id,name,instagram_business_account{id,username,followers_count}&access_token=${staticMetaToken('mid')}`,
    ];
    const [a, b, other] = await Promise.all([
      startSandboxServer({ port: 0, now: PINNED_NOW, seed: 7 }),
      startSandboxServer({ port: 0, now: PINNED_NOW, seed: 7 }),
      startSandboxServer({ port: 0, now: PINNED_NOW, seed: 8 }),
    ]);
    try {
      for (const path of paths) {
        const [bodyA, bodyB, bodyOther] = await Promise.all(
          [a!, b!, other!].map(async (s) =>
            // Image URLs carry each sandbox's own address; everything else must match.
            (
              await (
                await fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
              ).text()
            ).replaceAll(s.url, 'SANDBOX'),
          ),
        );
        expect(bodyA).toBe(bodyB);
        expect(bodyA).not.toBe(bodyOther);
      }
    } finally {
      await Promise.all([a!.close(), b!.close(), other!.close()]);
    }
  });
});

describe('mounting under a prefix', () => {
  it('serves every API under /sandbox inside a host app', async () => {
    const { default: Fastify } = await import('fastify');
    const { platformSandbox } = await import('./plugin');
    const host = Fastify();
    host.get('/health', async () => ({ ok: true }));
    await host.register(platformSandbox, { prefix: '/sandbox', now: PINNED_NOW });
    try {
      const channels = await host.inject({
        url: '/sandbox/youtube/v3/channels?part=id&mine=true',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(channels.statusCode).toBe(200);
      const consent = await host.inject({
        url: '/sandbox/facebook/dialog/oauth?client_id=sandbox-meta-app-id&redirect_uri=http://localhost/cb&state=s',
      });
      expect(consent.body).toContain('action="/sandbox/facebook/dialog/oauth"');
      const token_ = await host.inject({
        method: 'POST',
        url: '/sandbox/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload:
          'grant_type=refresh_token&refresh_token=sandbox-google-refresh-mid&client_id=sandbox-google-client-id&client_secret=sandbox-google-client-secret',
      });
      expect(token_.statusCode).toBe(200);
      expect((await host.inject({ url: '/health' })).statusCode).toBe(200);
      const notFound = await host.inject({
        url: '/sandbox/graph/v21.0/me/nothing?access_token=sandbox-meta-token-mid',
      });
      expect(notFound.statusCode).toBe(400);
    } finally {
      await host.close();
    }
  });
});
