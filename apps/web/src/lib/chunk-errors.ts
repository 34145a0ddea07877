import { reachability } from './connectivity';

export const CHUNK_LOAD_FAILURE_MESSAGE =
  'Failed to load application resources. Please refresh the page.';

const CHUNK_PATTERNS = [
  /Loading chunk [\w-]+ failed/i,
  /ChunkLoadError/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Failed to load application resources/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : '';
  return CHUNK_PATTERNS.some((pattern) => pattern.test(text));
}

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super(CHUNK_LOAD_FAILURE_MESSAGE, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** A chunk could not load because the server cannot be reached at all (not a new version). */
export class ServerUnreachableError extends Error {
  constructor(cause?: unknown) {
    super('Network Error - please check your connection', { cause });
    this.name = 'ServerUnreachableError';
  }
}

/**
 * Wraps a dynamic import so a failed chunk becomes the spec's single message — when the server is
 * there to ask. A chunk that fails because the network is down is a connection problem, never
 * "Update Required".
 */
export function importWithChunkFallback<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch(async (error: unknown) => {
      if (!isChunkLoadError(error) && !(error instanceof TypeError)) throw error;
      if (!(await reachability.check())) throw new ServerUnreachableError(error);
      throw new ChunkLoadError(error);
    });
}

/**
 * Spec §4: a failed dynamic import that only shows up in the console (e.g. a prefetch) also
 * becomes the same error. Returns an uninstall function.
 */
export function watchForChunkFailures(onFailure: (error: ChunkLoadError) => void): () => void {
  const originalConsoleError = console.error;
  const report = (value: unknown) => {
    if (isChunkLoadError(value))
      onFailure(value instanceof ChunkLoadError ? value : new ChunkLoadError(value));
  };
  console.error = (...args: unknown[]) => {
    args.forEach((arg) =>
      report(arg instanceof Error ? arg : typeof arg === 'string' ? arg : undefined),
    );
    originalConsoleError(...args);
  };
  // Not preventDefault(): the failed import must still reject so the route boundary can show it.
  const onPreloadError = (event: Event) => {
    onFailure(new ChunkLoadError((event as Event & { payload?: unknown }).payload));
  };
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    console.error = originalConsoleError;
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
