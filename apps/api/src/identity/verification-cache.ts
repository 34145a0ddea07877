import type { Identity, TokenVerifier } from './types';

/**
 * Remembers successful verifications until the token expires, so a client's repeated requests
 * skip the signature check. Tokens are immutable, so a hit can never be wrong; session state
 * (sign-out) is still checked against the database on every request.
 */
export function withVerificationCache(verifier: TokenVerifier, maxEntries = 10_000): TokenVerifier {
  const cache = new Map<string, Identity>();
  return {
    provider: verifier.provider,
    async verify(token) {
      const cached = cache.get(token);
      if (cached) {
        if (cached.expiresAt.getTime() > Date.now()) return cached;
        cache.delete(token);
      }
      const identity = await verifier.verify(token);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(token, identity);
      return identity;
    },
  };
}
