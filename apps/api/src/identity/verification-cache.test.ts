import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/app-error';
import type { Identity, TokenVerifier } from './types';
import { withVerificationCache } from './verification-cache';

function identity(expiresInMs: number): Identity {
  return {
    provider: 'embedded',
    issuer: 'https://issuer.test',
    subject: 'user-1',
    email: 'a@example.com',
    name: 'A',
    sessionId: 's1',
    expiresAt: new Date(Date.now() + expiresInMs),
    metadata: { roles: [], permissions: [], tier: null },
    organization: null,
  };
}

describe('withVerificationCache', () => {
  it('verifies a token once while it is valid', async () => {
    const verify = vi.fn(async () => identity(60_000));
    const cached = withVerificationCache({ provider: 'embedded', verify });
    await cached.verify('t1');
    await cached.verify('t1');
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('verifies again once the cached token has expired', async () => {
    const verify = vi.fn(async () => identity(-1));
    const cached = withVerificationCache({ provider: 'embedded', verify });
    await cached.verify('t1');
    await cached.verify('t1');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never caches failures', async () => {
    const verify = vi.fn<TokenVerifier['verify']>(async () => {
      throw AppError.unauthenticated();
    });
    const cached = withVerificationCache({ provider: 'embedded', verify });
    await expect(cached.verify('bad')).rejects.toThrow(AppError);
    await expect(cached.verify('bad')).rejects.toThrow(AppError);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('stays within its size bound, dropping the oldest entry', async () => {
    const verify = vi.fn(async () => identity(60_000));
    const cached = withVerificationCache({ provider: 'embedded', verify }, 2);
    await cached.verify('a');
    await cached.verify('b');
    await cached.verify('c');
    await cached.verify('a');
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
