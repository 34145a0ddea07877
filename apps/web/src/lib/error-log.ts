export const ERROR_LOG_LIMIT = 10;
export const RECENT_ERROR_WINDOW_MS = 5_000;

/** Spec §3 recorded error. */
export type RecordedError = {
  id: string;
  error: Error;
  timestamp: number;
  component: string | undefined;
  recovered: boolean;
  retryCount: number;
};

type Listener = (entry: RecordedError) => void;

/** Spec §4: a recorded error whose message contains Network or Server raises 'Connection Error'. */
export function isConnectionErrorMessage(message: string): boolean {
  return message.includes('Network') || message.includes('Server');
}

export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (typeof value === 'string') return new Error(value);
  const message = (value as { message?: unknown } | null)?.message;
  return new Error(typeof message === 'string' ? message : 'An unexpected error occurred');
}

export function createErrorLog(now: () => number = Date.now) {
  let entries: RecordedError[] = [];
  let sequence = 0;
  const listeners = new Set<Listener>();

  return {
    record(value: unknown, component?: string): RecordedError {
      const error = toError(value);
      const previous = entries.find(
        (entry) => entry.error.message === error.message && !entry.recovered,
      );
      sequence += 1;
      const entry: RecordedError = {
        id: `err-${now().toString(36)}-${sequence}`,
        error,
        timestamp: now(),
        component,
        recovered: false,
        retryCount: previous ? previous.retryCount + 1 : 0,
      };
      entries = [entry, ...entries].slice(0, ERROR_LOG_LIMIT);
      listeners.forEach((listener) => listener(entry));
      return entry;
    },
    markRecovered(id: string): void {
      entries = entries.map((entry) => (entry.id === id ? { ...entry, recovered: true } : entry));
    },
    getAll(): RecordedError[] {
      return entries;
    },
    getRecent(): RecordedError[] {
      const cutoff = now() - RECENT_ERROR_WINDOW_MS;
      return entries.filter((entry) => entry.timestamp >= cutoff);
    },
    clear(): void {
      entries = [];
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ErrorLog = ReturnType<typeof createErrorLog>;

export const errorLog = createErrorLog();
