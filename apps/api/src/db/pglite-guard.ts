import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

/** What the embedded database answers once a write failed for lack of space or an I/O error. */
export class StorageFaultError extends Error {
  override name = 'StorageFaultError';
  constructor(readonly original: unknown) {
    super(
      `The embedded database stopped after a failed write (${describeStorageFault(original)}); restart it once the disk has room`,
    );
  }
}

const faultMessage =
  /No space left on device|could not (write|extend|fsync)[^]*file|Read-only file system|Input\/output error/i;

/** True for a write the disk refused: SQLSTATE 53100 (disk full), 58030 (I/O error), ENOSPC… */
export function isStorageFault(error: unknown): boolean {
  if (error instanceof StorageFaultError) return true;
  const candidate = error as { code?: unknown; message?: unknown } | null;
  const code = typeof candidate?.code === 'string' ? candidate.code : '';
  const message = typeof candidate?.message === 'string' ? candidate.message : '';
  return code === '53100' || code === '58030' || faultMessage.test(message);
}

export function describeStorageFault(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type PgliteTransaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];

/** A long transaction (an import's batch) also lets the loop turn between its statements. */
function yieldBetweenStatements(tx: PgliteTransaction): PgliteTransaction {
  const query = tx.query.bind(tx);
  const exec = tx.exec.bind(tx);
  return Object.assign(tx, {
    query: async (...args: Parameters<PgliteTransaction['query']>) => {
      await nextLoopTurn();
      return query(...args);
    },
    exec: async (...args: Parameters<PgliteTransaction['exec']>) => {
      await nextLoopTurn();
      return exec(...args);
    },
  });
}

/**
 * Puts one queue in front of PGlite and stops it at the first failed write. Measured on a full
 * tmpfs (decision 0029): after PGlite fails to write its WAL, the next statement blocks the event
 * loop inside the WebAssembly module for good (timers, requests and SIGTERM never run again), so
 * no statement may reach it after a fault. Calls queued behind the failing one are refused with
 * `StorageFaultError` (a 503 for the client) and `onFault` is told once, before any of them run.
 */
export function guardPglite(
  client: PGlite,
  onFault: (error: unknown) => void,
): { runExclusive<T>(call: () => Promise<T>): Promise<T> } {
  let fault: unknown = null;
  let tail: Promise<unknown> = Promise.resolve();
  const run = <T>(call: () => Promise<T>): Promise<T> => {
    const result = tail
      // PGlite answers through promises that settle at once (WebAssembly on this thread), so a
      // job that only talks to it (an import reading its stored file and writing its lines)
      // would never let the event loop reach its timers or sockets: requests would wait for the
      // whole job and the watchdog (decision 0029) would take it for a hung database. Each call
      // first gives the loop one turn (decision 0031).
      .then(() => nextLoopTurn())
      .then(() => {
        if (fault !== null) throw new StorageFaultError(fault);
        return call();
      })
      .catch((error: unknown) => {
        if (fault === null && isStorageFault(error)) {
          fault = error;
          onFault(error);
        }
        throw error;
      });
    tail = result.catch(() => {});
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: (...args: Parameters<PGlite['query']>) => run(() => query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => run(() => exec(...args)),
    transaction: <T>(callback: Parameters<PGlite['transaction']>[0]) =>
      run(() => transaction((tx) => callback(yieldBetweenStatements(tx)) as Promise<T>)),
  });
  // For work that must see no statement of ours in flight (a backup's copy of the data dir).
  return { runExclusive: run };
}
