import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { assertDataDirUsable } from './data-dir';
import { guardPglite } from './pglite-guard';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Connections in use: PostgreSQL's pool, or PGlite's single connection. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/** The committed migrations compared with those the database has applied. */
export type MigrationStatus = { expected: number; applied: number; isCurrent: boolean };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; false when the database cannot answer. */
  ping(): Promise<boolean>;
  /** Read at scrape time; no query. */
  poolStats(): PoolStats;
  /**
   * PGlite only: a consistent copy of the data dir (a tar), taken after a checkpoint with no
   * statement or transaction of this process in flight. Null on PostgreSQL (use pg_dump).
   */
  dumpEmbedded: (() => Promise<Buffer>) | null;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * PGlite's own bytea serializer writes a Buffer as hex text one byte at a time (~1 s per
 * MB). A serializer's Uint8Array is bound as it is, in binary format, which bytea reads as its
 * bytes: imported files and a statement batch's rows (decision 0039). Anything else goes to the
 * default serializer. `db/bytea-binding.test.ts` holds PGlite to it.
 */
const bindBytesAsGiven = {
  [pgliteTypes.BYTEA]: ((value: unknown) =>
    value instanceof Uint8Array ? value : pgliteTypes.serializers[pgliteTypes.BYTEA]!(value)) as (
    value: unknown,
  ) => string,
};

export type OpenDatabaseOptions =
  | { kind: 'postgres'; url: string; poolMax: number; onIdleError?: (error: Error) => void }
  | {
      kind: 'pglite';
      dataDir: string;
      /** Told once when a write fails for lack of space or an I/O error (see pglite-guard). */
      onStorageFault?: (error: unknown) => void;
    }
  | { kind: 'pglite-memory'; dump?: Blob | File };

/** Opens the database and applies committed migrations (the same ones on PGlite and PostgreSQL). */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      // No statement holds a connection (and the rows it locks) for ever; a server that stops
      // answering mid-query fails the query instead of hanging the request.
      statement_timeout: 30_000,
      query_timeout: 35_000,
    });
    // An idle client that errors (server restart) is dropped by the pool, which opens new ones
    // when the database is back; it is logged, never allowed to crash the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migrateUnderLock(pool);
    let isClosed = false;
    return {
      db,
      kind: 'postgres',
      ping: () => pingDatabase(db, () => isClosed),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: options.poolMax,
      }),
      dumpEmbedded: null,
      async close() {
        isClosed = true;
        await pool.end();
      },
    };
  }
  // PGlite's default 128 MB of shared buffers doubles the idle footprint of a single-user
  // database; the OS page cache still holds the data files. 24 MB (decision 0026): 16 MB saved
  // as much RSS but doubled the 365-day ROI read on PGlite.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=24MB'];
  const created = { startParams, serializers: bindBytesAsGiven };
  let client: PGlite;
  if (options.kind === 'pglite') {
    assertDataDirUsable(options.dataDir);
    client = await PGlite.create(options.dataDir, created);
  } else {
    client = await PGlite.create(
      options.dump ? { loadDataDir: options.dump, ...created } : created,
    );
  }
  const rawQuery = client.query.bind(client);
  // Without a handler a fault still stops the database (and answers 503), just not the process.
  const guard = guardPglite(
    client,
    (options.kind === 'pglite' ? options.onStorageFault : undefined) ?? (() => {}),
  );
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: () => pingDatabase(db, () => client.closed),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    dumpEmbedded: () =>
      guard.runExclusive(async () => {
        await rawQuery('checkpoint');
        return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
      }),
    async close() {
      if (!client.closed) await client.close();
    },
    ...{ pglite: client },
  };
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '3D000', // the database does not exist (dropped or not yet created)
]);

/**
 * True when an error means the database cannot be reached right now (as opposed to a bad query):
 * the API answers 503 with Retry-After, and the pool reconnects by itself when it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (unavailableCodes.has(code) || code.startsWith('08')) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|PGlite is closed|Cannot use a pool after calling end|embedded database stopped after a failed write/i.test(
        message,
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

type JournalEntry = { tag: string; when: number };
let journal: JournalEntry[] | null = null;

/** The committed migrations, read once from drizzle-kit's journal beside the SQL files. */
function readJournal(): JournalEntry[] {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

/**
 * Compares the journal with drizzle's `__drizzle_migrations` (one row per applied migration, its
 * `created_at` the journal's `when`): current when the newest committed one is applied. A
 * database ahead of this code (a newer process migrated it) also counts as current.
 */
export async function readMigrationStatus(db: Database): Promise<MigrationStatus> {
  const entries = readJournal();
  const newest = entries.at(-1)?.when ?? 0;
  const result = await db.execute<{ applied: number; newest: string | null }>(
    sql`select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  const row = (result as unknown as { rows: { applied: number; newest: string | null }[] }).rows[0];
  const applied = Number(row?.applied ?? 0);
  return {
    expected: entries.length,
    applied,
    isCurrent: applied >= entries.length && Number(row?.newest ?? 0) >= newest,
  };
}

/** Any fixed number: every Crescendo process takes the same lock before migrating. */
const migrationLockKey = 7_301_994_118;

/**
 * Applies migrations holding a PostgreSQL advisory lock, so processes starting together take
 * turns: the first migrates, the others then find nothing left to do.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}

async function pingDatabase(db: Database, isClosed: () => boolean): Promise<boolean> {
  if (isClosed()) return false;
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The PGlite client behind a handle, for dumping test templates. */
export function getPgliteClient(handle: DatabaseHandle): PGlite | null {
  return (handle as DatabaseHandle & { pglite?: PGlite }).pglite ?? null;
}

/**
 * True when the database is the embedded PGlite: one process, no autovacuum or autoanalyze, so
 * the product keeps its planner statistics fresh itself.
 */
export function isEmbeddedDatabase(db: Database): boolean {
  return (db as Database & { $client?: unknown }).$client instanceof PGlite;
}
