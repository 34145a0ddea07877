import crypto from 'node:crypto';
import type { DBAdapter, Where } from 'better-auth';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authSession } from '../db/schema';

/**
 * better-auth keeps session tokens as issued and has no option to hash them (1.7.25: the internal
 * adapter creates, finds, updates and deletes sessions by their `token` column). So the database
 * adapter is wrapped: for the session model, a token is stored and looked up as its SHA-256, and a
 * row read back by token carries the caller's token again, so cookies keep working. Someone who
 * reads the table cannot sign in with what they read. Rows listed without a token (by user) carry
 * the hash; a hash is accepted to revoke (delete) a session, never to find one, so the listing's
 * "revoke" still works and the hash opens nothing. See docs/decisions/0017.
 */
const hashPrefix = 'sha256$';
const sessionModel = 'session';

export function hashSessionToken(token: string): string {
  return `${hashPrefix}${crypto.createHash('sha256').update(token, 'utf8').digest('hex')}`;
}

function isHashed(value: string): boolean {
  return value.startsWith(hashPrefix);
}

type Mode = 'find' | 'delete';

/** Hashes token conditions; remembers hash → token to give callers their tokens back. */
function hashWhere(where: Where[] | undefined, mode: Mode, tokensByHash: Map<string, string>) {
  if (!where) return where;
  const hashOne = (value: string) => {
    // A hash may name a session to revoke; to find (sign in with) one it is only ever hashed.
    if (mode === 'delete' && isHashed(value)) return value;
    const hashed = hashSessionToken(value);
    tokensByHash.set(hashed, value);
    return hashed;
  };
  return where.map((condition) => {
    if (condition.field !== 'token') return condition;
    const { value } = condition;
    if (typeof value === 'string') return { ...condition, value: hashOne(value) };
    if (Array.isArray(value)) {
      return { ...condition, value: (value as string[]).map((item) => hashOne(String(item))) };
    }
    return condition;
  });
}

function restoreToken<T>(row: T, tokensByHash: Map<string, string>): T {
  if (!row || typeof row !== 'object') return row;
  const token = (row as { token?: unknown }).token;
  if (typeof token !== 'string') return row;
  const original = tokensByHash.get(token);
  return original ? { ...row, token: original } : row;
}

export function withHashedSessionTokens<Adapter extends DBAdapter>(adapter: Adapter): Adapter {
  const wrapped: DBAdapter = {
    ...adapter,
    create: async (data) => {
      if (data.model !== sessionModel) return adapter.create(data);
      const token = (data.data as { token?: unknown }).token;
      if (typeof token !== 'string') return adapter.create(data);
      const hashed = hashSessionToken(token);
      const row = await adapter.create({ ...data, data: { ...data.data, token: hashed } });
      return restoreToken(row, new Map([[hashed, token]]));
    },
    findOne: async (data) => {
      if (data.model !== sessionModel) return adapter.findOne(data);
      const tokens = new Map<string, string>();
      const row = await adapter.findOne({ ...data, where: hashWhere(data.where, 'find', tokens)! });
      return restoreToken(row, tokens);
    },
    findMany: async (data) => {
      if (data.model !== sessionModel) return adapter.findMany(data);
      const tokens = new Map<string, string>();
      const rows = await adapter.findMany({
        ...data,
        where: hashWhere(data.where, 'find', tokens),
      });
      return rows.map((row) => restoreToken(row, tokens));
    },
    count: async (data) =>
      data.model === sessionModel
        ? adapter.count({ ...data, where: hashWhere(data.where, 'find', new Map()) })
        : adapter.count(data),
    update: async (data) => {
      if (data.model !== sessionModel) return adapter.update(data);
      const tokens = new Map<string, string>();
      const row = await adapter.update({ ...data, where: hashWhere(data.where, 'find', tokens)! });
      return restoreToken(row, tokens);
    },
    updateMany: async (data) =>
      data.model === sessionModel
        ? adapter.updateMany({ ...data, where: hashWhere(data.where, 'find', new Map())! })
        : adapter.updateMany(data),
    delete: async (data) =>
      data.model === sessionModel
        ? adapter.delete({ ...data, where: hashWhere(data.where, 'delete', new Map())! })
        : adapter.delete(data),
    deleteMany: async (data) =>
      data.model === sessionModel
        ? adapter.deleteMany({ ...data, where: hashWhere(data.where, 'delete', new Map())! })
        : adapter.deleteMany(data),
    consumeOne: async (data) =>
      data.model === sessionModel
        ? adapter.consumeOne({ ...data, where: hashWhere(data.where, 'find', new Map())! })
        : adapter.consumeOne(data),
    incrementOne: async (data) =>
      data.model === sessionModel
        ? adapter.incrementOne({ ...data, where: hashWhere(data.where, 'find', new Map())! })
        : adapter.incrementOne(data),
  };
  if (adapter.transaction) {
    wrapped.transaction = (callback) =>
      adapter.transaction((transactionAdapter) =>
        callback(withHashedSessionTokens(transactionAdapter as DBAdapter)),
      );
  }
  return wrapped as Adapter;
}

/**
 * Sessions stored before tokens were hashed: hashed in place at start-up (idempotent), so they
 * keep working and no plaintext token stays in the table.
 */
export async function hashStoredSessionTokens(db: Database): Promise<void> {
  await db
    .update(authSession)
    .set({
      token: sql`${hashPrefix} || encode(sha256(convert_to(${authSession.token}, 'UTF8')), 'hex')`,
    })
    .where(sql`${authSession.token} not like ${`${hashPrefix}%`}`);
}
