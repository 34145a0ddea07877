import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('tuneGarbageCollection', () => {
  it('turns off allocation-site pretenuring once per process', async () => {
    const setFlags = vi.spyOn(v8, 'setFlagsFromString');
    const { tuneGarbageCollection } = await import('./garbage-collection');
    tuneGarbageCollection();
    tuneGarbageCollection();
    expect(setFlags).toHaveBeenCalledTimes(1);
    expect(setFlags).toHaveBeenCalledWith('--no-allocation-site-pretenuring');
  });

  it('is applied by every app the API builds', async () => {
    const setFlags = vi.spyOn(v8, 'setFlagsFromString');
    const { buildTestApp } = await import('../testing/build-test-app');
    const testApp = await buildTestApp('pglite');
    try {
      expect(setFlags).toHaveBeenCalledWith('--no-allocation-site-pretenuring');
    } finally {
      await testApp.close();
    }
  });
});
