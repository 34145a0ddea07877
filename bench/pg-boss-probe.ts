// Tries pg-boss 10.4 against what the sync queue needs (decision 0014): runs it on PGlite through
// an `executeSql` adapter and on PostgreSQL, then checks one sync per connection at a time with
// other connections' syncs still flowing, a handler that outlives its lease, and a dead worker.
// Usage: npx tsx bench/pg-boss-probe.ts [--database=postgres|pglite]
import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import { writeResult } from './lib/server';

const database = process.argv.includes('--database=pglite') ? 'pglite' : 'postgres';
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `pgboss_probe_${process.pid}`;

type Db = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

async function openPglite(): Promise<{ db: Db; close(): Promise<void> }> {
  const client = await PGlite.create();
  return {
    db: {
      // pg-boss sends its schema and migrations as one multi-statement string without parameters.
      async executeSql(text, values) {
        if (values?.length) return { rows: (await client.query(text, values)).rows };
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    close: () => client.close(),
  };
}

const results: Record<string, unknown> = { database, version: '10.4.2' };

const pglite = database === 'pglite' ? await openPglite() : null;
const options = {
  schema,
  supervise: false,
  schedule: false,
  ...(pglite ? { db: pglite.db } : { connectionString: databaseUrl }),
} as PgBoss.ConstructorOptions;
const boss = new PgBoss(options);
boss.on('error', (error) => console.error('pg-boss error', error.message));
let startedAt = performance.now();
await boss.start();
results.startMs = Math.round(performance.now() - startedAt);

// 1. One sync per connection at a time, other connections unaffected.
for (const policy of ['stately', 'singleton'] as const) {
  const queue = `probe-${policy}`;
  await boss.createQueue(queue, { name: queue, policy });
  await boss.send(queue, { connection: 'a' }, { singletonKey: 'a' });
  const [first] = await boss.fetch(queue);
  // A refresh of connection a while its sync runs, then connection b's first sync.
  await boss.send(queue, { connection: 'a' }, { singletonKey: 'a' });
  await boss.send(queue, { connection: 'b' }, { singletonKey: 'b' });
  const whileARuns = await boss.fetch(queue, { batchSize: 1 });
  const whileARunsBatch = await boss.fetch(queue, { batchSize: 5 });
  await boss.complete(queue, first!.id);
  const afterA = await boss.fetch(queue, { batchSize: 5 });
  results[`${policy}: jobs fetched while a's sync runs (b is due)`] =
    whileARuns.length + whileARunsBatch.length;
  results[`${policy}: jobs fetched once a's sync completed`] = afterA.map(
    (job) => (job.data as { connection: string }).connection,
  );
}

// 2. A handler that outlives its lease: pg-boss fails and retries the job while it still runs.
{
  const queue = 'probe-lease';
  await boss.createQueue(queue, { name: queue, policy: 'stately' });
  const jobId = await boss.send(queue, {}, { expireInSeconds: 1, retryLimit: 2, retryDelay: 0 });
  let running = 0;
  let maxRunning = 0;
  let runs = 0;
  let sawSignal = false;
  const done = new Promise<void>((resolve) => {
    void boss.work(queue, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
      runs += 1;
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      sawSignal ||= jobs.some((job) => 'signal' in (job as object));
      await new Promise((wait) => setTimeout(wait, 3_000));
      running -= 1;
      if (runs >= 2) resolve();
    });
  });
  await Promise.race([done, new Promise((wait) => setTimeout(wait, 15_000))]);
  await boss.offWork(queue);
  const job = await boss.getJobById(queue, jobId!);
  results['lease: handler runs of one job'] = runs;
  results['lease: the same job running at once (max)'] = maxRunning;
  results['lease: handler told to stop (AbortSignal)'] = sawSignal;
  results['lease: job state after'] = job?.state;
}

// 3. A worker killed mid-job: its job stays active until its whole lease has passed.
{
  const queue = 'probe-dead-worker';
  await boss.createQueue(queue, { name: queue, policy: 'stately' });
  await boss.send(queue, {}, { expireInSeconds: 30 });
  const [taken] = await boss.fetch(queue);
  startedAt = performance.now();
  let again: PgBoss.Job[] = [];
  while (performance.now() - startedAt < 5_000 && again.length === 0) {
    again = await boss.fetch(queue);
    await new Promise((wait) => setTimeout(wait, 250));
  }
  results['dead worker: job taken'] = Boolean(taken);
  results['dead worker: fetchable again within 5 s (lease 30 s)'] = again.length > 0;
}

await boss.stop({ graceful: false, wait: true });
if (pglite) await pglite.close();
else {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`drop schema ${schema} cascade`);
  await client.end();
}
writeResult(`pg-boss-probe-${database}`, results);
