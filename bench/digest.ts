/**
 * Composing and queueing weekly digests (issue 31): one worker, PostgreSQL, the mail transport
 * replaced by a counting sink. An artist synced from the platform sandbox (YouTube and Meta, mid
 * persona, 60 days) has `--count` members who all want the digest on Monday at 09:00 UTC; the
 * scheduler queues them (claims + one job per artist, due time and 1,000 people), then one worker
 * composes the artist's figures from the dashboard's functions, renders the mail once (MJML
 * layout, text part), fills in each person's part and hands it to the sink. Besides wall time it
 * reports CPU time per digest (this process, and the PostgreSQL backends serving it), which a
 * busy shared machine does not inflate as it does wall time.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/digest.ts [--count=10000]
 *
 * Target: ≤ 60 s of one worker for 10,000 digests.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { startWorker } from '../apps/api/src/jobs/worker';
import {
  createDigestCache,
  createNotificationHandlers,
  queueDueDigests,
  type NotificationDependencies,
} from '../apps/api/src/modules/notifications';
import { createSyncedArtist, startSandboxTestApp } from '../apps/api/src/testing/synced-artist';
import { writeResult } from './lib/server';

const count = Number(/--count=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 10_000);
if (!process.env.TEST_DATABASE_URL) {
  console.error('Set TEST_DATABASE_URL (a PostgreSQL server with trust auth) to run this bench.');
  process.exit(1);
}

const running = await startSandboxTestApp('postgres', { backfillDays: 60 });
try {
  const { testApp } = running;
  const db = testApp.database.db;
  const artist = await createSyncedArtist(testApp, { youtube: 'mid', meta: 'mid' });
  const organizationId = artist.me.organization.id;
  // Members in the artist's own organisation (accounts of an external identity provider belong
  // to it directly): owners, so the digest is on by default, Monday 09:00 UTC.
  await db.execute(sql`
    insert into users (issuer, subject, identity_provider, email, name, role, organization_id, organization_role)
    select 'https://bench.invalid', 'bench-' || n, 'clerk', 'member-' || n || '@example.com',
      'Member ' || n, 'customer', ${organizationId}, 'owner'
    from generate_series(1, ${count - 1}) as n`);
  await db.execute(sql`analyze`);

  let sent = 0;
  const sink: NotificationDependencies['mailer'] = {
    async sendMail(message) {
      if (!message.html || !message.text || !message.headers?.['List-Unsubscribe']) {
        throw new Error('a digest without its parts');
      }
      sent += 1;
      return { transport: 'sandbox', mailboxUrl: null };
    },
  };
  const deps: NotificationDependencies = {
    ...testApp.app.notifications,
    mailer: sink,
    // As the server's worker runs: one composition per artist and analytics version.
    digestCache: createDigestCache(),
    now: () => new Date('2025-06-16T09:01:00Z'),
  };

  // The PostgreSQL server runs on this machine: its backends' CPU time is in /proc (best effort;
  // a backend that closed during the run is missed).
  const clockTicks = 100;
  const backendCpu = async () => {
    const result = await db.execute(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    );
    const rows = (result as unknown as { rows: { pid: number }[] }).rows;
    const seconds = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / clockTicks);
      } catch {
        // not readable here: left out
      }
    }
    return seconds;
  };
  const cpuBefore = process.cpuUsage();
  const backendsBefore = await backendCpu();
  const loadBefore = os.loadavg();
  const queueStart = performance.now();
  const queued = await queueDueDigests(deps);
  const queueMs = performance.now() - queueStart;
  if (queued !== count) throw new Error(`queued ${queued} digests, expected ${count}`);

  const worker = startWorker({
    db,
    handlers: createNotificationHandlers(deps),
    // One runner: the drain below (a polling loop beside it would be a second).
    concurrency: 0,
    onError: (error) => console.error('digest job failed:', error),
  });
  const sendStart = performance.now();
  await worker.drain();
  const sendMs = performance.now() - sendStart;
  await worker.stop();
  if (sent !== count) throw new Error(`sent ${sent} digests, expected ${count}`);

  const totalMs = queueMs + sendMs;
  const cpu = process.cpuUsage(cpuBefore);
  const processCpuMs = (cpu.user + cpu.system) / 1000;
  let databaseCpuMs = 0;
  for (const [pid, seconds] of await backendCpu())
    databaseCpuMs += (seconds - (backendsBefore.get(pid) ?? 0)) * 1000;
  const loadAfter = os.loadavg();
  const result = {
    database: 'postgres',
    digests: count,
    queueSeconds: Number((queueMs / 1000).toFixed(2)),
    composeAndSendSeconds: Number((sendMs / 1000).toFixed(2)),
    totalSeconds: Number((totalMs / 1000).toFixed(2)),
    perDigestMs: Number((totalMs / count).toFixed(2)),
    perDigestCpuMs: {
      worker: Number((processCpuMs / count).toFixed(3)),
      database: Number((databaseCpuMs / count).toFixed(3)),
    },
    loadAverage1m: {
      before: Number(loadBefore[0]!.toFixed(2)),
      after: Number(loadAfter[0]!.toFixed(2)),
    },
    targetSeconds: 60,
    isWithinTarget: totalMs <= 60_000,
    note: 'one worker running one job at a time, counting sink instead of the mail transport; 60-day mid persona on YouTube and Meta; CPU of this process and of the database backends (from /proc, clock ticks)',
  };
  console.log(result);
  writeResult(`digest-postgres${count === 10_000 ? '' : `-${count}`}`, result);
} finally {
  await running.close();
}
