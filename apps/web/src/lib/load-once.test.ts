import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once, shares the load in flight, and reads the module once loaded', async () => {
    const load = vi.fn(async () => ({ name: 'module' }));
    const module = loadOnce(load);
    expect(module.read()).toBeNull();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(module.read()).toBe(first);
    await module.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    const module = loadOnce(load);
    await expect(module.load()).rejects.toThrow('Failed to fetch');
    expect(module.read()).toBeNull();
    expect(await module.load()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
