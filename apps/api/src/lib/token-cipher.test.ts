import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, parseTokenKeys, TokenCipherError } from './token-cipher';

const keyOne = crypto.randomBytes(32);
const keyTwo = crypto.randomBytes(32);

describe('token cipher', () => {
  const cipher = createTokenCipher(new Map([[1, keyOne]]));

  it('round-trips and never contains the plaintext', () => {
    const sealed = cipher.encrypt('ya29.secret-access-token', 'connection:1:access');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('secret-access-token');
    expect(cipher.decrypt(sealed, 'connection:1:access')).toBe('ya29.secret-access-token');
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt('same', 'c')).not.toBe(cipher.encrypt('same', 'c'));
  });

  it('refuses a value moved to another row or field', () => {
    const sealed = cipher.encrypt('token', 'connection:1:access');
    expect(() => cipher.decrypt(sealed, 'connection:2:access')).toThrow(TokenCipherError);
    expect(() => cipher.decrypt(sealed, 'connection:1:refresh')).toThrow(TokenCipherError);
  });

  it('refuses an altered ciphertext', () => {
    const sealed = cipher.encrypt('token', 'c');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[2] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'c')).toThrow(TokenCipherError);
  });

  it('reads old key versions and writes with the newest (rotation)', () => {
    const sealedWithOne = cipher.encrypt('token', 'c');
    const rotated = createTokenCipher(
      new Map([
        [1, keyOne],
        [2, keyTwo],
      ]),
    );
    expect(rotated.decrypt(sealedWithOne, 'c')).toBe('token');
    expect(rotated.needsRotation(sealedWithOne)).toBe(true);
    const resealed = rotated.encrypt('token', 'c');
    expect(resealed).toMatch(/^v2\./);
    expect(rotated.needsRotation(resealed)).toBe(false);
    expect(() => cipher.decrypt(resealed, 'c')).toThrow('v2 is not configured');
  });

  it('parses configured keys and rejects bad ones', () => {
    const keys = parseTokenKeys(`1:${keyOne.toString('base64')}, 2:${keyTwo.toString('base64')}`);
    expect([...keys.keys()]).toEqual([1, 2]);
    expect(() => parseTokenKeys('1:c2hvcnQ=')).toThrow('32 bytes');
    expect(() => parseTokenKeys('nonsense')).toThrow(TokenCipherError);
  });
});
