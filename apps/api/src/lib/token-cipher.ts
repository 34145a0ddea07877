import crypto from 'node:crypto';

const algorithm = 'aes-256-gcm';
const ivBytes = 12;

export type TokenCipher = {
  /** The key version new ciphertexts are written with. */
  currentVersion: number;
  /** Encrypts a third-party token; `context` (e.g. `connection:<id>:refresh`) binds it to its row. */
  encrypt(plaintext: string, context: string): string;
  /** Decrypts; throws when the ciphertext was altered or moved to another row. */
  decrypt(sealed: string, context: string): string;
  /** True when the value was sealed with an older key and should be re-encrypted. */
  needsRotation(sealed: string): boolean;
};

export class TokenCipherError extends Error {
  override name = 'TokenCipherError';
}

/**
 * AES-256-GCM with a random 96-bit IV per value and the row binding as associated data. The
 * sealed form is `v<version>.<iv>.<ciphertext>.<tag>` (base64url), so keys can rotate: old
 * versions stay readable while new writes use the current key.
 */
export function createTokenCipher(keys: Map<number, Buffer>): TokenCipher {
  if (keys.size === 0) throw new TokenCipherError('No token encryption key configured');
  for (const [version, key] of keys) {
    if (key.length !== 32)
      throw new TokenCipherError(`Token encryption key v${version} must be 32 bytes`);
  }
  const currentVersion = Math.max(...keys.keys());

  function parse(sealed: string) {
    const match = /^v(\d+)\.([\w-]+)\.([\w-]*)\.([\w-]+)$/.exec(sealed);
    if (!match) throw new TokenCipherError('Malformed sealed token');
    return {
      version: Number(match[1]),
      iv: Buffer.from(match[2]!, 'base64url'),
      ciphertext: Buffer.from(match[3]!, 'base64url'),
      tag: Buffer.from(match[4]!, 'base64url'),
    };
  }

  return {
    currentVersion,
    encrypt(plaintext, context) {
      const iv = crypto.randomBytes(ivBytes);
      const cipher = crypto.createCipheriv(algorithm, keys.get(currentVersion)!, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `v${currentVersion}.${iv.toString('base64url')}.${ciphertext.toString('base64url')}.${tag.toString('base64url')}`;
    },
    decrypt(sealed, context) {
      const parts = parse(sealed);
      const key = keys.get(parts.version);
      if (!key)
        throw new TokenCipherError(`Token encryption key v${parts.version} is not configured`);
      try {
        const decipher = crypto.createDecipheriv(algorithm, key, parts.iv);
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(parts.tag);
        return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new TokenCipherError(
          'Sealed token failed authentication (altered, or bound to another row)',
        );
      }
    },
    needsRotation(sealed) {
      return parse(sealed).version !== currentVersion;
    },
  };
}

/** Parses `TOKEN_ENCRYPTION_KEYS` (`1:<base64 32 bytes>,2:<…>`). */
export function parseTokenKeys(value: string): Map<number, Buffer> {
  const keys = new Map<number, Buffer>();
  for (const entry of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^(\d+):(.+)$/.exec(entry);
    if (!match)
      throw new TokenCipherError('must be a comma-separated list of <version>:<base64 key>');
    const key = Buffer.from(match[2]!, 'base64');
    if (key.length !== 32) throw new TokenCipherError(`key ${match[1]} must decode to 32 bytes`);
    keys.set(Number(match[1]), key);
  }
  if (keys.size === 0) throw new TokenCipherError('must name at least one key');
  return keys;
}
