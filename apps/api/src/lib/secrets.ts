import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a random secret kept in the data directory, creating it (mode 0600) on first use.
 * Used only when the secret is not configured, so the embedded mode needs no set-up.
 */
export function readOrCreateSecretFile(dataDir: string, name: string, bytes = 32): string {
  const directory = path.join(dataDir, 'secrets');
  const file = path.join(directory, name);
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = crypto.randomBytes(bytes).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it between our read and write: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
