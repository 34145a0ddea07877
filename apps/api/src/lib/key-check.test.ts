import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase, databaseTargets } from '../testing/test-database';
import { verifyKeyChecks } from './key-check';
import { createTokenCipher } from './token-cipher';

const keyOf = (version: number) => new Map([[version, crypto.randomBytes(32)]]);

describe.each(databaseTargets)('key checks on %s', (target) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(target);
  });
  afterAll(async () => {
    await database.close();
  });

  it('lets the same secrets start again and refuses other ones with one line saying what to set', async () => {
    const keys = keyOf(1);
    const secrets = { authSecret: 'a'.repeat(40), cipher: createTokenCipher(keys) };
    await verifyKeyChecks(database.db, secrets);
    // A second process with the same values (a fresh cipher over the same key) starts.
    await verifyKeyChecks(database.db, { ...secrets, cipher: createTokenCipher(keys) });

    await expect(
      verifyKeyChecks(database.db, { ...secrets, authSecret: 'b'.repeat(40) }),
    ).rejects.toThrow(
      /^Cannot start: AUTH_SECRET differs from the one this database was set up with; set AUTH_SECRET/,
    );
    await expect(
      verifyKeyChecks(database.db, { ...secrets, cipher: createTokenCipher(keyOf(1)) }),
    ).rejects.toThrow(
      /^Cannot start: TOKEN_ENCRYPTION_KEYS version 1 is not the key this database's tokens were sealed with/,
    );
    // Rotation: a new version is recorded beside the old one.
    const rotated = new Map([...keys, ...keyOf(2)]);
    await verifyKeyChecks(database.db, { ...secrets, cipher: createTokenCipher(rotated) });
    await verifyKeyChecks(database.db, { ...secrets, cipher: createTokenCipher(rotated) });
  });
});
