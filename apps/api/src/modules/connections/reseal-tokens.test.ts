import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformConnections } from '../../db/schema';
import { createTokenCipher } from '../../lib/token-cipher';
import { buildTestApp, createUser, type TestApp } from '../../testing/build-test-app';
import { databaseTargets } from '../../testing/test-database';
import { resealConnectionTokens } from './reseal-tokens';
import { accessTokenContext, refreshTokenContext } from './tokens.service';

describe.each(databaseTargets)('re-sealing tokens after a key rotation on %s', (target) => {
  let testApp: TestApp;
  let organizationId: string;
  beforeAll(async () => {
    testApp = await buildTestApp(target);
    organizationId = (await createUser(testApp)).me.organization.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('re-seals every old-key token with the new key, so the old key can be removed', async () => {
    const oldKey = crypto.randomBytes(32);
    const newKey = crypto.randomBytes(32);
    const before = createTokenCipher(new Map([[1, oldKey]]));
    const rotated = createTokenCipher(
      new Map([
        [1, oldKey],
        [2, newKey],
      ]),
    );
    const retired = createTokenCipher(new Map([[2, newKey]]));
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [index, id] of ids.entries()) {
      await testApp.database.db.insert(platformConnections).values({
        id,
        organizationId,
        provider: 'youtube',
        externalAccountId: `UC-${index}`,
        accountName: `Channel ${index}`,
        accessTokenSealed: before.encrypt(`access-${index}`, accessTokenContext(id)),
        refreshTokenSealed:
          index === 0 ? before.encrypt(`refresh-${index}`, refreshTokenContext(id)) : null,
        tokenKeyVersion: 1,
        scopes: [],
      });
    }
    expect(await resealConnectionTokens(testApp.database.db, rotated, 1)).toBe(2);
    expect(await resealConnectionTokens(testApp.database.db, rotated)).toBe(0);
    const rows = await testApp.database.db.select().from(platformConnections);
    for (const [index, id] of ids.entries()) {
      const row = rows.find((candidate) => candidate.id === id)!;
      expect(row.tokenKeyVersion).toBe(2);
      // Readable with the new key alone: the old one can retire.
      expect(retired.decrypt(row.accessTokenSealed!, accessTokenContext(id))).toBe(
        `access-${index}`,
      );
      if (index === 0)
        expect(retired.decrypt(row.refreshTokenSealed!, refreshTokenContext(id))).toBe('refresh-0');
      else expect(row.refreshTokenSealed).toBeNull();
    }
  });
});
