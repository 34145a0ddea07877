/**
 * Storage per artist on PostgreSQL (issue 30): per table, its heap (with TOAST), its indexes and
 * the total, divided by the number of artists (organisations) in the database, with the rows per
 * artist. Seed the database first, e.g.
 *   npm run seed:scale -- --organizations=1 --persona=mid --database-url=postgres://…/storage
 * then run
 *   npx tsx bench/storage.ts --database-url=postgres://…/storage --label=after [--vacuum]
 * `--vacuum` runs `VACUUM FULL ANALYZE` first, so a migrated database is measured without the dead
 * row versions its migration left (what a fresh sync would write). Each run is stored under its
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
  tables: TableSize[];
};

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
  // reltuples is an estimate; count the rows of the tables that matter exactly.
  const rows = new Map<string, number>();
  for (const row of tables.rows) {
    if (Number(row.total) < 256 * 1024) continue;
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
  return {
    date: new Date().toISOString(),
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    artists,
    vacuumed: isVacuumed,
    totalMbPerArtist: megabytes(total, artists),
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
    ['table'.padEnd(32), ...labels.map((name) => `${name}: rows  heap  idx  total (MB/artist)`)].join(
      ' | ',
    ),
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
  console.log(
    ['total (every table)'.padEnd(32), ...labels.map((name) => `${runs[name]!.totalMbPerArtist.toFixed(2).padStart(31)}`)].join(' | '),
  );
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
  await client.end();
}
