import type { Worker } from './worker';

/**
 * Whether this process runs a worker, and that worker: readiness checks its heartbeat in memory
 * (a process without one is ready whatever the workers elsewhere do; decision 0030).
 */
export type WorkerPresence = {
  readonly worker: Pick<Worker, 'lastBeatAt' | 'lockSeconds'> | null;
  attach(worker: Pick<Worker, 'lastBeatAt' | 'lockSeconds'>): void;
  /** The worker stopped: the process is an API-only one again. */
  detach(): void;
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
    detach() {
      current = null;
    },
  };
}
