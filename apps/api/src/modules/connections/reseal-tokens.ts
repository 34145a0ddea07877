import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { platformConnections } from '../../db/schema';
import type { TokenCipher } from '../../lib/token-cipher';
import { accessTokenContext, refreshTokenContext } from './tokens.service';

/**
 * Re-seals every connection's tokens that an older key sealed with the current key, so the old
 * key can be retired from TOKEN_ENCRYPTION_KEYS. Each row is written with a compare-and-swap on
 * its sealed values: a refresh that lands meanwhile wins, and its tokens are already current.
 * Returns how many rows were re-sealed.
 */
export async function resealConnectionTokens(
  db: Database,
  cipher: TokenCipher,
  batchSize = 100,
): Promise<number> {
  let resealed = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(platformConnections)
      .where(lt(platformConnections.tokenKeyVersion, cipher.currentVersion))
      .limit(batchSize);
    if (rows.length === 0) return resealed;
    let changed = 0;
    for (const row of rows) {
      const reseal = (sealed: string | null, context: string) =>
        sealed ? cipher.encrypt(cipher.decrypt(sealed, context), context) : null;
      const swapped = await db
        .update(platformConnections)
        .set({
          accessTokenSealed: reseal(row.accessTokenSealed, accessTokenContext(row.id)),
          refreshTokenSealed: reseal(row.refreshTokenSealed, refreshTokenContext(row.id)),
          tokenKeyVersion: cipher.currentVersion,
        })
        .where(
          and(
            eq(platformConnections.organizationId, row.organizationId),
            eq(platformConnections.id, row.id),
            eq(platformConnections.tokenKeyVersion, row.tokenKeyVersion),
          ),
        )
        .returning({ id: platformConnections.id });
      changed += swapped.length;
    }
    resealed += changed;
    // Rows changed under us (refreshed meanwhile) are current already; stop if a batch did nothing.
    if (changed === 0) return resealed;
  }
}
