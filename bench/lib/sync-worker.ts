/**
 * One sync worker process for bench/sync-workers.ts: the product's durable-queue worker with the
 * sync handlers, against the bench's database and sandbox. Prints `ready` once loaded; on
 * `stop` (IPC) it stops and answers with its CPU time and jobs run since it was ready.
 * Usage (spawned): node --import tsx bench/lib/sync-worker.ts <database-url> <sandbox-url> <backfill-days>
 */
import { openDatabase } from '../../apps/api/src/db/client';
import { startWorker } from '../../apps/api/src/jobs/worker';
import { createSyncHandlers, syncQueue } from '../../apps/api/src/modules/sync';
import { createBenchServices } from './sync-setup';

const [databaseUrl, sandboxUrl, backfillDays] = process.argv.slice(2);
const handle = await openDatabase({ kind: 'postgres', url: databaseUrl!, poolMax: 10 });
const handlers = createSyncHandlers(
  handle.db,
  createBenchServices(sandboxUrl!, Number(backfillDays)),
);
let jobsRun = 0;
const cpuAtReady = process.cpuUsage();
const worker = startWorker({
  db: handle.db,
  handlers: { [syncQueue]: handlers[syncQueue]! },
  pollIntervalMs: 100,
  onJobFinished: () => {
    jobsRun += 1;
  },
});
process.send!({ type: 'ready' });
process.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return;
  void (async () => {
    await worker.stop();
    const used = process.cpuUsage(cpuAtReady);
    process.send!({ type: 'stopped', cpuMs: (used.user + used.system) / 1000, jobsRun }, () => {
      void handle.close().then(() => process.exit(0));
    });
  })();
});
