import type { RunningSandbox } from '@crescendo/platform-sandbox';
import { startWorker } from '../jobs/worker';
import { createSyncHandlers } from '../modules/sync';
import { bearer, type TestApp } from './build-test-app';

/** Configuration pointing every provider at a standalone sandbox, as real credentials would. */
export function sandboxEnv(sandbox: RunningSandbox, backfillDays: number): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'sandbox-google-client-id',
    GOOGLE_CLIENT_SECRET: 'sandbox-google-client-secret',
    META_APP_ID: 'sandbox-meta-app-id',
    META_APP_SECRET: 'sandbox-meta-app-secret',
    GOOGLE_AUTH_URL: `${sandbox.url}/oauth2/auth`,
    GOOGLE_TOKEN_URL: `${sandbox.url}/oauth2/token`,
    GOOGLE_REVOKE_URL: `${sandbox.url}/oauth2/revoke`,
    YOUTUBE_DATA_URL: `${sandbox.url}/youtube/v3`,
    YOUTUBE_ANALYTICS_URL: `${sandbox.url}/youtubeanalytics/v2`,
    META_DIALOG_URL: `${sandbox.url}/facebook/dialog/oauth`,
    META_GRAPH_URL: `${sandbox.url}/graph/v21.0`,
    TIKTOK_CLIENT_KEY: 'sandbox-tiktok-client-key',
    TIKTOK_CLIENT_SECRET: 'sandbox-tiktok-client-secret',
    TIKTOK_AUTH_URL: `${sandbox.url}/tiktok/v2/auth/authorize/`,
    TIKTOK_API_URL: `${sandbox.url}/tiktokapis/v2`,
    SYNC_BACKFILL_DAYS: String(backfillDays),
  };
}

/** Plays the browser: consents as a persona and returns where the provider redirects. */
export async function consentAs(authUrl: string, persona: string): Promise<URL> {
  const url = new URL(authUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('persona', persona);
  const response = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (response.status !== 302) throw new Error(`consent answered ${response.status}`);
  return new URL(response.headers.get('location')!);
}

/** Connects a provider for the user through the real OAuth flow (auth URL → consent → callback). */
export async function connectAs(
  testApp: TestApp,
  token: string,
  provider: 'youtube' | 'meta' | 'tiktok',
  persona: string,
) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/v1/${provider}/oauth/auth-url?returnTo=${encodeURIComponent('/settings/connections')}`,
    headers: bearer(token),
  });
  const back = await consentAs(response.json<{ url: string }>().url, persona);
  // The browser brings back the nonce cookie the auth URL set.
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  const landed = await testApp.app.inject({
    method: 'GET',
    url: `/api/v1/oauth/${provider}/callback?${back.searchParams}`,
    headers: { cookie },
  });
  if (landed.statusCode !== 302)
    throw new Error(`callback answered ${landed.statusCode}: ${landed.body}`);
  return new URL(landed.headers.location as string, 'http://localhost');
}

/** Runs every due sync job now, without a polling worker. */
export async function drainSyncJobs(testApp: TestApp): Promise<void> {
  const worker = startWorker({
    db: testApp.database.db,
    handlers: createSyncHandlers(testApp.database.db, testApp.app.platforms),
    concurrency: 0,
    retryDelayMs: () => 3_600_000,
  });
  await worker.drain();
}
