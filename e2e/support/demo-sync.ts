import type { Page } from 'playwright-core';

const SYNC_TIMEOUT_MS = 150_000;

type ConnectionSummary = { provider: string; status: string; lastSyncedAt: string | null };

/** Polls the API as the signed-in artist until every demo connection has finished its sync. */
export async function waitForDemoSync(target: Page): Promise<ConnectionSummary[]> {
  const deadline = Date.now() + SYNC_TIMEOUT_MS;
  let last: ConnectionSummary[] = [];
  while (Date.now() < deadline) {
    const tokenResponse = await target.request.get('/api/auth/token');
    if (tokenResponse.ok()) {
      const { token } = (await tokenResponse.json()) as { token: string };
      const response = await target.request.get('/api/v1/auth/oauth-connections', {
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.ok()) {
        last = ((await response.json()) as { connections: ConnectionSummary[] }).connections;
        const isDone =
          last.length >= 2 &&
          last.every((connection) => connection.status === 'connected' && connection.lastSyncedAt);
        if (isDone) return last;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`demo connections did not finish syncing: ${JSON.stringify(last)}`);
}
