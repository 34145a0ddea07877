/**
 * Whether the server can be reached at all. A request that fails without any answer makes the
 * app ask the server's health endpoint once; only when that fails too is the server
 * "unreachable" (the Connection Problem screen and toast), at once rather than after every retry.
 * Any answer from the server makes it reachable again.
 */
export type Reachability = 'reachable' | 'unreachable';

export const HEALTH_PATH = '/api/health';
const PROBE_TIMEOUT_MS = 4_000;

let state: Reachability = 'reachable';
let probe: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

function setState(next: Reachability): void {
  if (state === next) return;
  state = next;
  listeners.forEach((listener) => listener());
}

/** True when the server answers at all (any HTTP status): the network path to it works. */
export function probeServer(): Promise<boolean> {
  probe ??= fetch(new URL(HEALTH_PATH, window.location.origin), {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  })
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      probe = null;
    });
  return probe;
}

export const reachability = {
  read: (): Reachability => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The server answered a request (whatever its status). */
  reportAnswer(): void {
    setState('reachable');
  },
  /** A request got no answer at all: find out whether the server is gone. */
  async reportNoAnswer(): Promise<void> {
    if (state === 'unreachable') return;
    if (!(await probeServer())) setState('unreachable');
  },
  /** Try Again: reachable once the server answers its health check. */
  async check(): Promise<boolean> {
    const isReachable = await probeServer();
    setState(isReachable ? 'reachable' : 'unreachable');
    return isReachable;
  },
};
