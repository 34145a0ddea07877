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
});
