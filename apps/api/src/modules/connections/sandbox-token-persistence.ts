import crypto from 'node:crypto';
import type { TokenPersistence } from '@crescendo/platform-sandbox';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxOAuthRecords } from '../../db/schema';
import type { TokenCipher } from '../../lib/token-cipher';

function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

function sealContext(hashedKey: string): string {
  return `sandbox_oauth_records:${hashedKey}`;
}

/**
 * The built-in sandbox's codes, grants and tokens in the database: sandbox connections survive a
 * restart and work behind a load balancer. Like every token the product keeps, none is stored in
 * plaintext: keys are SHA-256 hashes, values are sealed with the token cipher.
 */
export function createSandboxTokenPersistence(db: Database, cipher: TokenCipher): TokenPersistence {
  return {
    async load(keys) {
      const byHash = new Map(keys.map((key) => [hashKey(key), key]));
      const rows = await db
        .select()
        .from(sandboxOAuthRecords)
        .where(inArray(sandboxOAuthRecords.key, [...byHash.keys()]));
      const found = new Map<string, unknown>();
      for (const row of rows) {
        const key = byHash.get(row.key);
        const sealed = (row.value as { sealed?: unknown }).sealed;
        if (!key || typeof sealed !== 'string') continue;
        try {
          found.set(key, JSON.parse(cipher.decrypt(sealed, sealContext(row.key))) as unknown);
        } catch {
          // Sealed with a retired key: the grant is gone, as after a revocation.
        }
      }
      return found;
    },
    async save(entries) {
      const values = entries.map(([key, value]) => {
        const hashed = hashKey(key);
        return {
          key: hashed,
          value: { sealed: cipher.encrypt(JSON.stringify(value), sealContext(hashed)) },
          updatedAt: new Date(),
        };
      });
      await db
        .insert(sandboxOAuthRecords)
        .values(values)
        .onConflictDoUpdate({
          target: sandboxOAuthRecords.key,
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
        });
    },
  };
}
