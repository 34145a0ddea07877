import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keyLength: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// OWASP's scrypt floor (N=2^17, r=8, p=1) takes ~128 MB per hash; N=2^15 keeps one check at
// ~32 MB and ~50 ms on this machine, with attempts rate-limited per link and address on top.
const scryptParameters = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const keyLength = 32;

/** A fresh link token: 256 random bits, base64url (43 characters). */
export function generateShareToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token. */
export function hashShareToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

/** `scrypt$N$r$p$salt$hash`, so the parameters can be raised later without breaking old links. */
export async function hashSharePassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, keyLength, scryptParameters);
  const { N, r, p } = scryptParameters;
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function isSharePasswordCorrect(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const expectedBytes = Buffer.from(expected, 'base64url');
  const actual = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    expectedBytes.length,
    { N: Number(N), r: Number(r), p: Number(p), maxmem: scryptParameters.maxmem },
  );
  return crypto.timingSafeEqual(actual, expectedBytes);
}

/*
 * A grant proves the password was given for one link, for a short while. It is keyed with the
 * link's own password hash, which only the server (every process, through the database) knows:
 * no extra secret to configure, and changing the password or deleting the link voids its grants.
 */
const grantLifetimeMs = 60 * 60 * 1000;

function signGrant(linkId: string, expiresAtMs: number, passwordHash: string): string {
  return crypto
    .createHmac('sha256', passwordHash)
    .update(`share-grant|${linkId}|${expiresAtMs}`)
    .digest('base64url');
}

export function issueShareGrant(
  linkId: string,
  passwordHash: string,
  now: Date,
): { grant: string; expiresAt: Date } {
  const expiresAtMs = now.getTime() + grantLifetimeMs;
  return {
    grant: `${expiresAtMs}.${signGrant(linkId, expiresAtMs, passwordHash)}`,
    expiresAt: new Date(expiresAtMs),
  };
}

export function isShareGrantValid(
  grant: string | undefined,
  linkId: string,
  passwordHash: string,
  now: Date,
): boolean {
  if (!grant) return false;
  const [expiresAt, signature] = grant.split('.');
  const expiresAtMs = Number(expiresAt);
  if (!signature || !Number.isSafeInteger(expiresAtMs) || expiresAtMs <= now.getTime()) {
    return false;
  }
  const expected = Buffer.from(signGrant(linkId, expiresAtMs, passwordHash));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
