import crypto from 'node:crypto';
import type { Database } from '../db/client';
import {
  deleteStaleWorkerHeartbeats,
  recordWorkerHeartbeat,
  removeWorkerHeartbeat,
} from './heartbeats';
import {
  claimJob,
  completeJob,
  deleteFinishedJobs,
  extendJobLock,
  failJob,
  postponeJob,
  type Job,
} from './queue';

/** Thrown by a handler to retry later without spending an attempt (quota pauses). */
export class PostponeJob extends Error {
  override name = 'PostponeJob';
  constructor(
    readonly until: Date,
    reason: string,
  ) {
    super(reason);
  }
}

/** The reason a job's signal is aborted: its worker is stopping, or lost the job's lock. */
export class JobStopped extends Error {
  override name = 'JobStopped';
}

/** Thrown by a handler for failures that retrying cannot fix (malformed upstream data). */
export class PermanentJobFailure extends Error {
  override name = 'PermanentJobFailure';
}

/** Labels a handler may set for the job's metrics (e.g. which platform a sync read). */
export type JobLabels = { provider?: string };

export type JobHandler = (job: Job, signal: AbortSignal, labels: JobLabels) => Promise<void>;

/** How a claimed job ended, for metrics: the worker's own view, whatever the handler threw. */
export type JobOutcome = 'succeeded' | 'failed' | 'retried' | 'postponed' | 'stopped' | 'lost';

export type FinishedJob = {
  job: Job;
  outcome: JobOutcome;
  durationSeconds: number;
  labels: JobLabels;
};

function toOutcome(result: 'retry' | 'failed' | 'lost'): JobOutcome {
  return result === 'retry' ? 'retried' : result;
}

export type WorkerOptions = {
  db: Database;
  handlers: Record<string, JobHandler>;
  pollIntervalMs?: number;
  lockSeconds?: number;
  /** How often the lock is extended (and checked); default a third of the lock. */
  heartbeatMs?: number;
  concurrency?: number;
  /** Delay before the n-th retry (attempt counts from 1). */
  retryDelayMs?: (attempt: number) => number;
  onError?: (error: unknown, job: Job | null) => void;
  /** Called once per claimed job when it ends (metrics observe durations here). */
  onJobFinished?: (finished: FinishedJob) => void;
  /** How often the worker's row in `worker_heartbeats` is refreshed; default 15 s. */
  heartbeatWriteMs?: number;
};

export type Worker = {
  id: string;
  /** Its claim on a job lasts this long without a heartbeat. */
  lockSeconds: number;
  /** When the worker last showed progress (a poll, a job's heartbeat), in ms since the epoch. */
  lastBeatAt(): number;
  /** True while every slot waits for its next poll (nothing due was found). */
  isIdle(): boolean;
  stop(): Promise<void>;
  /** Runs due jobs until none is left. */ drain(): Promise<void>;
};

/** The idle waits of this process's workers, each ended early by `wakeWorkers`. */
const sleepers = new Set<() => void>();

/**
 * Ends the idle wait of this process's workers at once: call it after committing a job someone is
 * waiting for (an uploaded file), so the job starts now instead of at the next poll. Workers of
 * other processes still find it at their next poll.
 */
export function wakeWorkers(): void {
  for (const wake of [...sleepers]) wake();
}

/** Waits `ms`, or until `wakeWorkers` ends the wait. */
function idle(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(wake, ms).unref();
    function wake() {
      clearTimeout(timer);
      sleepers.delete(wake);
      resolve();
    }
    sleepers.add(wake);
  });
}

/** Polls the durable queue and runs handlers; any number of processes may run one. */
export function startWorker(options: WorkerOptions): Worker {
  const id = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const queues = Object.keys(options.handlers);
  const lockSeconds = options.lockSeconds ?? 120;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? (lockSeconds * 1000) / 3;
  const retryDelayMs =
    options.retryDelayMs ?? ((attempt) => Math.min(60_000 * 2 ** (attempt - 1), 3_600_000));
  const controller = new AbortController();
  let isStopping = false;
  let stopCount = 0;
  const running = new Set<Promise<void>>();
  const heartbeatWriteMs = options.heartbeatWriteMs ?? 15_000;
  let lastBeatAt = Date.now();
  let lastHeartbeatWrite = 0;
  let idleSlots = 0;
  const slots = options.concurrency ?? 1;

  /** Marks progress; writes the shared heartbeat row at most every `heartbeatWriteMs`. */
  async function beat(): Promise<void> {
    lastBeatAt = Date.now();
    if (lastBeatAt - lastHeartbeatWrite < heartbeatWriteMs) return;
    lastHeartbeatWrite = lastBeatAt;
    await recordWorkerHeartbeat(options.db, id, queues);
  }

  async function runOne(): Promise<boolean> {
    const job = await claimJob(options.db, queues, id, lockSeconds);
    if (!job) return false;
    // The job's own signal: aborted when the worker stops, or when its lock is lost (another
    // worker took the job over), so two handlers never write the same job's data at once.
    const jobController = new AbortController();
    const startedAt = performance.now();
    const labels: JobLabels = {};
    let outcome: JobOutcome = 'succeeded';
    let isLockLost = false;
    const onStop = () => jobController.abort(new JobStopped('the worker is stopping'));
    controller.signal.addEventListener('abort', onStop, { once: true });
    const heartbeat = setInterval(() => {
      void beat().catch(() => {});
      void extendJobLock(options.db, job.id, id, lockSeconds).then(
        (isHeld) => {
          if (isHeld) return;
          isLockLost = true;
          jobController.abort(new JobStopped('the job lock was lost'));
        },
        () => {},
      );
    }, heartbeatMs);
    try {
      await options.handlers[job.queue]!(job, jobController.signal, labels);
      if (isLockLost) throw jobController.signal.reason;
      if (!(await completeJob(options.db, job, id))) {
        outcome = 'lost';
        options.onError?.(new Error('the job lock was lost before it completed'), job);
      }
    } catch (error) {
      options.onError?.(error, job);
      const message = error instanceof Error ? error.message : String(error);
      if (isLockLost) {
        // The job is another worker's now: nothing of it is ours to change.
        outcome = 'lost';
      } else if (jobController.signal.aborted) {
        // Stopped by a shutdown, not by the job's fault: it goes back at once for the next
        // worker, without spending an attempt (the sync resumes where it stopped).
        outcome = 'stopped';
        await postponeJob(options.db, job, id, new Date(), 'The worker stopped before finishing');
      } else if (error instanceof PostponeJob) {
        outcome = 'postponed';
        await postponeJob(options.db, job, id, error.until, message);
      } else if (error instanceof PermanentJobFailure) {
        outcome = toOutcome(await failJob(options.db, job, id, message, null));
      } else {
        outcome = toOutcome(
          await failJob(
            options.db,
            job,
            id,
            message,
            new Date(Date.now() + retryDelayMs(job.attempts)),
          ),
        );
      }
    } finally {
      clearInterval(heartbeat);
      controller.signal.removeEventListener('abort', onStop);
      options.onJobFinished?.({
        job,
        outcome,
        durationSeconds: (performance.now() - startedAt) / 1000,
        labels,
      });
    }
    return true;
  }

  let lastRetentionSweep = 0;
  async function sweepFinishedJobs(): Promise<void> {
    if (Date.now() - lastRetentionSweep < 10 * 60_000) return;
    lastRetentionSweep = Date.now();
    await deleteFinishedJobs(options.db);
    await deleteStaleWorkerHeartbeats(options.db);
  }

  async function loop(): Promise<void> {
    while (!isStopping) {
      let didWork = false;
      try {
        await beat();
        await sweepFinishedJobs();
        didWork = await runOne();
      } catch (error) {
        options.onError?.(error, null);
      }
      if (!didWork && !isStopping) {
        idleSlots += 1;
        await idle(pollIntervalMs);
        idleSlots -= 1;
      }
    }
  }

  for (let slot = 0; slot < slots; slot += 1) {
    const task = loop();
    running.add(task);
    void task.finally(() => running.delete(task));
  }

  return {
    id,
    lockSeconds,
    lastBeatAt: () => lastBeatAt,
    isIdle: () => slots > 0 && idleSlots === slots,
    async stop() {
      isStopping = true;
      stopCount += 1;
      controller.abort();
      await Promise.allSettled([...running]);
      await removeWorkerHeartbeat(options.db, id).catch(() => {});
    },
    async drain() {
      // A stop during the drain ends it (the job it gave back is the next worker's); a drain
      // after a stop runs what is due.
      const stopsBefore = stopCount;
      while (stopCount === stopsBefore && (await runOne())) {
        // keep going until the queue has nothing due
      }
    },
  };
}
