import type { Worker } from './worker';

/**
 * Whether this process runs a worker, and that worker: readiness checks its heartbeat in memory;
 * a process without one reads the freshest heartbeat any worker wrote to the database.
 */
export type WorkerPresence = {
  readonly worker: Pick<Worker, 'lastBeatAt' | 'lockSeconds'> | null;
  attach(worker: Pick<Worker, 'lastBeatAt' | 'lockSeconds'>): void;
};

export function createWorkerPresence(): WorkerPresence {
  let current: WorkerPresence['worker'] = null;
  return {
    get worker() {
      return current;
    },
    attach(worker) {
      current = worker;
    },
  };
}
