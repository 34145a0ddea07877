import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_FAILURE_MESSAGE,
  ChunkLoadError,
  importWithChunkFallback,
  isChunkLoadError,
  watchForChunkFailures,
} from './chunk-errors';

let uninstall: (() => void) | null = null;
afterEach(() => uninstall?.());

describe('chunk-load failures', () => {
  it('recognises chunk-load messages', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Network error - please check your connection'))).toBe(false);
  });

  it('turns a failed dynamic import into the spec message', async () => {
    const load = importWithChunkFallback(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    );
    await expect(load()).rejects.toThrow(CHUNK_LOAD_FAILURE_MESSAGE);
    expect(CHUNK_LOAD_FAILURE_MESSAGE).toBe(
      'Failed to load application resources. Please refresh the page.',
    );
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
