import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_FAILURE_MESSAGE,
  ChunkLoadError,
  importWithChunkFallback,
  isChunkLoadError,
  ServerUnreachableError,
  watchForChunkFailures,
} from './chunk-errors';
import { classifyRouteError } from './error-classification';
import { reachability } from './connectivity';

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  vi.unstubAllGlobals();
});

/** The server's health check: answering (a healthy server) or unreachable (network down). */
function stubHealth(isUp: boolean) {
  const fetchMock = vi.fn(async (_url: URL | string) => {
    if (!isUp) throw new TypeError('Failed to fetch');
    return new Response('{"status":"ok"}', { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('chunk-load failures', () => {
  it('recognises chunk-load messages', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Network error - please check your connection'))).toBe(false);
  });

  it('turns a failed dynamic import into the spec message when the server is healthy', async () => {
    const health = stubHealth(true);
    const load = importWithChunkFallback(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    );
    await expect(load()).rejects.toThrow(CHUNK_LOAD_FAILURE_MESSAGE);
    expect(CHUNK_LOAD_FAILURE_MESSAGE).toBe(
      'Failed to load application resources. Please refresh the page.',
    );
    expect(String(health.mock.calls[0]?.[0])).toMatch(/\/api\/health$/);
  });

  it('calls a chunk that fails while the server is unreachable a connection problem', async () => {
    stubHealth(false);
    const load = importWithChunkFallback(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    );
    const error = await load().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerUnreachableError);
    expect(classifyRouteError(error)).toBe('network');
    expect(reachability.read()).toBe('unreachable');
    stubHealth(true);
    expect(await reachability.check()).toBe(true);
    expect(reachability.read()).toBe('reachable');
  });

  it('passes other errors through', async () => {
    const load = importWithChunkFallback(() => Promise.reject(new Error('boom')));
    await expect(load()).rejects.toThrow('boom');
  });

  it('catches failed dynamic imports logged to the console', () => {
    const onFailure = vi.fn();
    const consoleSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    uninstall = watchForChunkFailures(onFailure);
    console.error(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    console.error('unrelated');
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(onFailure.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadError);
    expect((onFailure.mock.calls[0]?.[0] as Error).message).toBe(CHUNK_LOAD_FAILURE_MESSAGE);
    consoleSpy.mockRestore();
  });

  it('catches vite preload errors', () => {
    const onFailure = vi.fn();
    uninstall = watchForChunkFailures(onFailure);
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
