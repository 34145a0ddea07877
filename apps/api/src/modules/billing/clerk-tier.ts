import { createClerkClient } from '@clerk/backend';
import type { TierPublisher } from './webhooks.service';

/**
 * With Clerk configured (and its secret key), the tier also goes to each member's public
 * metadata, which the spec reads first (§5). Without Clerk there is nothing to publish.
 */
export function createTierPublisher(
  clerkSecretKey: string | null,
  /** Clerk's Backend API; tests point it at a local stand-in. */
  apiUrl?: string,
): TierPublisher {
  if (!clerkSecretKey) return async () => undefined;
  const clerk = createClerkClient({ secretKey: clerkSecretKey, ...(apiUrl ? { apiUrl } : {}) });
  return async (users, tier) => {
    for (const user of users) {
      if (user.identityProvider !== 'clerk') continue;
      await clerk.users.updateUserMetadata(user.subject, { publicMetadata: { tier } });
    }
  };
}
