import { describe, expect, it, vi } from 'vitest';
import { createTokenCache, readJwtExpiry } from './jwt';

const jwtWithExp = (expSeconds: number) =>
  `h.${btoa(JSON.stringify({ exp: expSeconds })).replace(/=+$/, '')}.s`;

describe('token cache', () => {
  it('reads exp from a JWT', () => {
    expect(readJwtExpiry(jwtWithExp(100))).toBe(100_000);
    expect(readJwtExpiry('garbage')).toBeNull();
  });

  it('reuses a token until a minute before it expires', async () => {
    let now = 0;
    const fetchToken = vi.fn(async () => jwtWithExp(15 * 60));
    const cache = createTokenCache(fetchToken, () => now);
    await cache.get();
    await cache.get();
    expect(fetchToken).toHaveBeenCalledTimes(1);
    now = 14 * 60 * 1000 + 1;
    await cache.get();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    cache.clear();
    await cache.get();
    expect(fetchToken).toHaveBeenCalledTimes(3);
  });
});
