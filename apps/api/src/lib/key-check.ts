import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { keyChecks } from '../db/schema';
import type { TokenCipher } from './token-cipher';

export class KeyMismatchError extends Error {
  override name = 'KeyMismatchError';
}

const checkPlaintext = 'crescendo-key-check';

function authSecretCheck(secret: string): string {
  return crypto.createHmac('sha256', secret).update(checkPlaintext).digest('base64url');
}

/** Stores the value unless one is there; returns the stored value. */
async function storeOnce(db: Database, name: string, checkValue: string): Promise<string> {
  await db.insert(keyChecks).values({ name, checkValue }).onConflictDoNothing();
  const [row] = await db.select().from(keyChecks).where(eq(keyChecks.name, name));
  return row!.checkValue;
}

/**
 * Proves this process holds the secrets the database was written with: the auth secret's HMAC of
 * a fixed text, and a fixed text sealed with the current token key. The first process to start
 * stores them; a process with other secrets throws with one line saying which to set.
 */
export async function verifyKeyChecks(
  db: Database,
  secrets: { authSecret: string | null; cipher: TokenCipher },
): Promise<void> {
  if (secrets.authSecret) {
    const expected = authSecretCheck(secrets.authSecret);
    const stored = await storeOnce(db, 'auth-secret', expected);
    const isSame =
      stored.length === expected.length &&
      crypto.timingSafeEqual(Buffer.from(stored), Buffer.from(expected));
    if (!isSame) {
      throw new KeyMismatchError(
        'Cannot start: AUTH_SECRET differs from the one this database was set up with; set AUTH_SECRET to the value the other processes use',
      );
    }
  }
  const version = secrets.cipher.currentVersion;
  const context = `key_checks:token-key-v${version}`;
  const stored = await storeOnce(
    db,
    `token-key-v${version}`,
    secrets.cipher.encrypt(checkPlaintext, context),
  );
  let opened: string | null = null;
  try {
    opened = secrets.cipher.decrypt(stored, context);
  } catch {
    opened = null;
  }
  if (opened !== checkPlaintext) {
    throw new KeyMismatchError(
      `Cannot start: TOKEN_ENCRYPTION_KEYS version ${version} is not the key this database's tokens were sealed with; set TOKEN_ENCRYPTION_KEYS to the value the other processes use`,
    );
  }
}
