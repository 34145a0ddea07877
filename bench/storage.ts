/**
 * Storage per artist on PostgreSQL (issue 30): per table, its heap (with TOAST), its indexes and
 * the total, divided by the number of artists (organisations) in the database, with the rows per
 * artist. Seed the database first, e.g.
 *   npm run seed:scale -- --organizations=1 --persona=mid --database-url=postgres://…/storage
 * then run
 *   npx tsx bench/storage.ts --database-url=postgres://…/storage --label=after [--vacuum]
 * `--vacuum` runs `VACUUM FULL ANALYZE` first, so a migrated database is measured without the dead
 * row versions its migration left. Beside the totals it measures an empty database migrated to
 * the same schema (a truncated copy, created and dropped on the same server): what the schema costs once, whatever
 * the number of artists; `netMbPerArtist` is the total without it, what one more artist adds. Each run is stored under its
 * label in results/storage-postgres.json beside the other labels' runs (e.g. `before`), so one
 * file holds the before and after figures side by side; the table printed compares them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import pg from 'pg';

const argument = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const databaseUrl = argument('database-url') ?? process.env.BENCH_DATABASE_URL;
const label = argument('label') ?? 'after';
const isVacuumed = process.argv.includes('--vacuum');
if (!databaseUrl) throw new Error('pass --database-url=postgres://… (or BENCH_DATABASE_URL)');

const resultFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'results',
  'storage-postgres.json',
);

type TableSize = {
  table: string;
  rowsPerArtist: number;
  heapMbPerArtist: number;
  indexesMbPerArtist: number;
  totalMbPerArtist: number;
  indexes: { name: string; mbPerArtist: number }[];
};

type Run = {
  date: string;
  loadAverage: number[];
  artists: number;
  vacuumed: boolean;
  totalMbPerArtist: number;
  /** The empty schema's size (every table and index at its minimum), paid once per database. */
  emptySchemaMb: number;
  netMbPerArtist: number;
  tables: TableSize[];
};

/**
 * The measured database's schema empty: a copy of it (`create database … template`) with every
 * table truncated, so each table and index is at its minimum, as in a newly migrated database.
 */
async function measureEmptySchema(): Promise<number> {
  const url = new URL(databaseUrl!);
  const source = url.pathname.slice(1);
  const name = `storage_bench_empty_${process.pid}`;
  const admin = new pg.Client({
    connectionString: databaseUrl!.replace(/\/[^/?]*(\?|$)/, '/postgres$1'),
  });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template "${source.replace(/"/g, '""')}"`);
    try {
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query(`do $$ declare tables text; begin
          select string_agg(format('%I.%I', n.nspname, c.relname), ', ') into tables
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p');
          execute 'truncate ' || tables || ' cascade';
        end $$`);
        const [row] = (
          await client.query<{ total: string }>(`
            select coalesce(sum(pg_total_relation_size(c.oid)), 0) as total
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p')`)
        ).rows;
        return Number(row!.total);
      } finally {
        await client.end();
      }
    } finally {
      await admin.query(`drop database if exists ${name}`);
    }
  } finally {
    await admin.end();
  }
}

const megabytes = (bytes: number, artists: number) =>
  Math.round((bytes / artists / 1024 / 1024) * 1000) / 1000;

async function measure(client: pg.Client): Promise<Run> {
  if (isVacuumed) await client.query('vacuum full analyze');
  const artists = Number(
    (await client.query<{ count: string }>('select count(*) from organizations')).rows[0]!.count,
  );
  if (artists === 0) throw new Error('no organisations: seed the database first');
  const tables = await client.query<{
    table: string;
    rows: string;
    heap: string;
    indexes: string;
    total: string;
  }>(`
    select c.relname as table,
      c.reltuples::bigint as rows,
      pg_table_size(c.oid) as heap,
      pg_indexes_size(c.oid) as indexes,
      pg_total_relation_size(c.oid) as total
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
    order by pg_total_relation_size(c.oid) desc`);
  const indexes = await client.query<{ table: string; name: string; size: string }>(`
    select t.relname as table, i.relname as name, pg_relation_size(i.oid) as size
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'public'
    order by pg_relation_size(i.oid) desc`);
  // reltuples is an estimate (or -1 before the first analyze): count the rows.
  const rows = new Map<string, number>();
  for (const row of tables.rows) {
    const counted = await client.query<{ count: string }>(
      `select count(*) from "${row.table.replace(/"/g, '""')}"`,
    );
    rows.set(row.table, Number(counted.rows[0]!.count));
  }
  const measured: TableSize[] = tables.rows.map((row) => ({
    table: row.table,
    rowsPerArtist: Math.round((rows.get(row.table) ?? Math.max(0, Number(row.rows))) / artists),
    heapMbPerArtist: megabytes(Number(row.heap), artists),
    indexesMbPerArtist: megabytes(Number(row.indexes), artists),
    totalMbPerArtist: megabytes(Number(row.total), artists),
    indexes: indexes.rows
      .filter((index) => index.table === row.table)
      .map((index) => ({ name: index.name, mbPerArtist: megabytes(Number(index.size), artists) })),
  }));
  const total = tables.rows.reduce((sum, row) => sum + Number(row.total), 0);
  // A copy needs its template without connections.
  await client.end();
  const emptySchema = await measureEmptySchema();
  return {
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    artists,
    vacuumed: isVacuumed,
    totalMbPerArtist: megabytes(total, artists),
    emptySchemaMb: megabytes(emptySchema, 1),
    netMbPerArtist: megabytes(total - emptySchema, artists),
    tables: measured,
  };
}

function print(runs: Record<string, Run>) {
  const labels = Object.keys(runs);
  const names = [...new Set(labels.flatMap((name) => runs[name]!.tables.map((t) => t.table)))];
  const sizeOf = (name: string, table: string) =>
    runs[name]!.tables.find((candidate) => candidate.table === table);
  names.sort(
    (a, b) =>
      Math.max(...labels.map((name) => sizeOf(name, b)?.totalMbPerArtist ?? 0)) -
      Math.max(...labels.map((name) => sizeOf(name, a)?.totalMbPerArtist ?? 0)),
  );
  console.log(
    [
      'table'.padEnd(32),
      ...labels.map((name) => `${name}: rows  heap  idx  total (MB/artist)`),
    ].join(' | '),
  );
  for (const table of names) {
    const cells = labels.map((name) => {
      const size = sizeOf(name, table);
      if (!size) return '—'.padEnd(34);
      return `${String(size.rowsPerArtist).padStart(8)} ${size.heapMbPerArtist.toFixed(2).padStart(6)} ${size.indexesMbPerArtist.toFixed(2).padStart(6)} ${size.totalMbPerArtist.toFixed(2).padStart(6)}`;
    });
    if (cells.every((cell) => cell.trim() === '—')) continue;
    const isTiny = labels.every((name) => (sizeOf(name, table)?.totalMbPerArtist ?? 0) < 0.05);
    if (!isTiny) console.log([table.padEnd(32), ...cells].join(' | '));
  }
  const line = (title: string, pick: (run: Run) => number | undefined) =>
    console.log(
      [
        title.padEnd(32),
        ...labels.map((name) => (pick(runs[name]!)?.toFixed(2) ?? '—').padStart(34)),
      ].join(' | '),
    );
  line('total (every table)', (run) => run.totalMbPerArtist);
  line('empty schema (once per database)', (run) => run.emptySchemaMb);
  line('net per artist', (run) => run.netMbPerArtist);
}

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  const run = await measure(client);
  const runs: Record<string, Run> = fs.existsSync(resultFile)
    ? (JSON.parse(fs.readFileSync(resultFile, 'utf8')) as { runs: Record<string, Run> }).runs
    : {};
  runs[label] = run;
  fs.writeFileSync(
    resultFile,
    `${JSON.stringify(
      {
        measures:
          'per artist (organisation) on PostgreSQL: pg_table_size (heap + TOAST + maps), pg_indexes_size, pg_total_relation_size; one mid artist with three years synced (seed:scale)',
        rerun:
          'npm run seed:scale -- --organizations=1 --persona=mid --database-url=URL && npx tsx bench/storage.ts --database-url=URL --label=after',
        runs,
      },
      null,
      2,
    )}\n`,
  );
  print(runs);
  console.log(`\nwritten ${path.relative(process.cwd(), resultFile)}`);
} finally {
  await client.end().catch(() => undefined);
}
