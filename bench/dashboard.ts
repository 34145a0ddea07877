/**
 * Dashboard endpoint latency on the sandbox's `mid` persona with 3 years synced: p95 of each
 * endpoint for 28-day and 365-day ranges over real HTTP, beside the p95 of its main SQL query
 * (targets: ≤ 30 ms on PostgreSQL, endpoint ≤ 1.5× its SQL), and the content endpoint on the
 * `large` persona (≤ 50 ms per page).
 * Usage: npx tsx bench/dashboard.ts [--database=postgres|pglite] [--samples=40] [--large-days=400]
 */
import { startSandboxServer } from '@crescendo/platform-sandbox';
import { buildTestApp, bearer, createUser } from '../apps/api/src/testing/build-test-app';
import { connectAs, drainSyncJobs, sandboxEnv } from '../apps/api/src/testing/sandbox-connections';
import {
  listBreakdowns,
  listContent,
  listPlatformDays,
  listScopedAccounts,
} from '../apps/api/src/modules/analytics/analytics.repository';
import { resolveDateRange } from '../apps/api/src/modules/analytics/calculations/date-range';
import { addDays } from '../apps/api/src/modules/analytics/calculations/roi';
import { writeResult } from './lib/server';

const argument = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const target = argument('database', 'postgres') as 'postgres' | 'pglite';
const samples = Number(argument('samples', '40'));
const largeDays = Number(argument('large-days', '400'));
const now = '2025-06-15T12:00:00Z';
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(
    sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!.toFixed(2),
  );
}

async function time(run: () => Promise<unknown>): Promise<number[]> {
  await run(); // warm
  const durations: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  return durations;
}

async function prepare(persona: string, backfillDays: number) {
  const sandbox = await startSandboxServer({ port: 0, now });
  const testApp = await buildTestApp(target, {
    env: {
      ...sandboxEnv(sandbox, backfillDays),
      RATE_LIMIT_PER_IP: '100000000',
      RATE_LIMIT_PER_USER: '100000000',
      // The product's default (tests turn the short user cache off).
      USER_CACHE_TTL_MS: '1000',
    },
    platformOverrides: { now: () => new Date(now) },
  });
  const user = await createUser(testApp, 'customer');
  // createUser sets the role in the database: let the cached (lead) user expire first.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await connectAs(testApp, user.token, 'youtube', persona);
  const started = performance.now();
  await drainSyncJobs(testApp);
  const syncSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: bearer(user.token) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  return { sandbox, testApp, user, get, syncSeconds };
}

const results: Record<string, unknown> = { database: target, samples };

// ── mid persona, 3 years ──
{
  const { sandbox, testApp, user, get, syncSeconds } = await prepare('mid', 1095);
  results.midBackfillSeconds = syncSeconds;
  const db = testApp.database.db;
  const organizationId = user.me.organization.id;
  const accounts = await listScopedAccounts(db, organizationId, [
    'youtube',
    'instagram',
    'facebook',
  ]);
  const accountIds = accounts.map((account) => account.id);
  const lastDay = accounts[0]!.dataCompleteThrough!;
  const rows: Record<string, unknown>[] = [];
  for (const range of ['28d', '365d'] as const) {
    const resolved = resolveDateRange({ range }, lastDay, null);
    const endpoints: [string, string, () => Promise<unknown>][] = [
      [
        'analytics',
        `/api/dashboard/analytics?range=${range}`,
        () =>
          listPlatformDays(
            db,
            organizationId,
            accountIds,
            addDays(resolved.previous.from, -28),
            resolved.to,
          ),
      ],
      [
        'audience',
        `/api/dashboard/audience?range=${range}`,
        () => listBreakdowns(db, organizationId, accountIds),
      ],
      [
        'content',
        `/api/dashboard/content?range=${range}&sort=views&pageSize=25`,
        () =>
          listContent(db, organizationId, {
            accountIds,
            from: resolved.from,
            to: resolved.to,
            type: 'all',
            search: undefined,
            sort: 'views',
            order: 'desc',
            limit: 25,
            offset: 0,
          }),
      ],
      [
        'roi',
        `/api/dashboard/roi?range=${range}`,
        () => listPlatformDays(db, organizationId, accountIds, resolved.from, resolved.to),
      ],
    ];
    for (const [name, path, sql] of endpoints) {
      const endpointP95 = p95(await time(() => get(path)));
      const sqlP95 = p95(await time(sql));
      rows.push({
        endpoint: name,
        range,
        endpointP95Ms: endpointP95,
        sqlP95Ms: sqlP95,
        ratio: Number((endpointP95 / sqlP95).toFixed(2)),
      });
    }
  }
  console.table(rows);
  results.mid = rows;
  await testApp.close();
  await sandbox.close();
}

// ── large persona: content pages ──
if (target === 'postgres') {
  const { sandbox, testApp, get, syncSeconds } = await prepare('large', largeDays);
  const pages: Record<string, unknown>[] = [];
  for (const range of ['28d', '365d']) {
    for (const page of [1, 10]) {
      pages.push({
        range,
        page,
        p95Ms: p95(
          await time(() =>
            get(`/api/dashboard/content?range=${range}&sort=views&pageSize=25&page=${page}`),
          ),
        ),
      });
    }
  }
  console.table(pages);
  results.large = { backfillDays: largeDays, syncSeconds, contentPages: pages };
  await testApp.close();
  await sandbox.close();
}

results.targets = {
  endpointP95Ms: '<= 30 (PostgreSQL)',
  endpointToSqlRatio: '<= 1.5',
  largeContentPageMs: '<= 50',
};
writeResult(`dashboard-${target}`, results);
