import crypto from 'node:crypto';
import type { Import } from '@crescendo/contracts';
import { startWorker } from '../jobs/worker';
import { createImportHandlers, type ImportJobOptions } from '../modules/imports';
import { bearer, type TestApp } from './build-test-app';

/** A multipart/form-data body holding one file, as a browser's FormData sends it. */
export function multipartFile(
  fileName: string,
  content: string | Buffer,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----crescendo${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export type FormPart =
  { field: string; value: string } | { field: string; fileName: string; content: string | Buffer };

/** A multipart/form-data body of text fields and files, in the order given. */
export function multipartForm(parts: FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----crescendo${crypto.randomBytes(8).toString('hex')}`;
  const pieces = parts.flatMap((part) =>
    'value' in part
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
          ),
        ]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\n` +
              'Content-Type: text/csv\r\n\r\n',
          ),
          typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : part.content,
          Buffer.from('\r\n'),
        ],
  );
  return {
    payload: Buffer.concat([...pieces, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `POST /api/v1/imports` with the given form parts (fields and files in order); the raw answer. */
export function uploadImportForm(testApp: TestApp, token: string, parts: FormPart[]) {
  const { payload, headers } = multipartForm(parts);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

/** `POST /api/v1/imports` with one file; the raw answer. */
export function uploadImport(
  testApp: TestApp,
  token: string,
  fileName: string,
  content: string | Buffer,
) {
  const { payload, headers } = multipartFile(fileName, content);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/v1/imports',
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

/** Runs every due import job to its end, in this process (as the worker would). */
export async function drainImportJobs(
  testApp: TestApp,
  options: ImportJobOptions & { retryDelayMs?: number } = {},
): Promise<void> {
  const worker = startWorker({
    db: testApp.database.db,
    // As the server runs them: parsing ahead on PostgreSQL only.
    handlers: createImportHandlers(testApp.database.db, {
      isParsedAhead: testApp.database.kind === 'postgres',
      ...options,
    }),
    concurrency: 0,
    retryDelayMs: () => options.retryDelayMs ?? 3_600_000,
  });
  await worker.drain();
}

/** Uploads a file and runs its job; the import as `GET /api/v1/imports/{id}` then answers. */
export async function importFile(
  testApp: TestApp,
  token: string,
  fileName: string,
  content: string | Buffer,
): Promise<Import> {
  const response = await uploadImport(testApp, token, fileName, content);
  if (response.statusCode !== 202) {
    throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  }
  const { import: created } = response.json<{ import: Import }>();
  await drainImportJobs(testApp);
  const read = await testApp.app.inject({
    method: 'GET',
    url: `/api/v1/imports/${created.id}`,
    headers: bearer(token),
  });
  return read.json<{ import: Import }>().import;
}

export type DistroKidLine = {
  reportingDate?: string;
  saleMonth: string;
  store: string;
  artist?: string;
  title: string;
  isrc: string;
  upc?: string;
  quantity: number | string;
  kind?: 'Song' | 'Album';
  country: string;
  earnings: string;
};

const distroKidHeader = [
  'Reporting Date',
  'Sale Month',
  'Store',
  'Artist',
  'Title',
  'ISRC',
  'UPC',
  'Quantity',
  'Team Percentage',
  'Song/Album',
  'Country of Sale',
  'Songwriter Royalties Withheld',
  'Earnings (USD)',
].join('\t');

/** A DistroKid "Excruciating Detail" file (tab-separated) holding the given lines. */
export function distroKidFile(lines: DistroKidLine[]): string {
  return [
    distroKidHeader,
    ...lines.map((line) =>
      [
        line.reportingDate ?? '2025-03-02',
        line.saleMonth,
        line.store,
        line.artist ?? 'Nora Lumen',
        line.title,
        line.isrc,
        line.upc ?? '',
        String(line.quantity),
        '100',
        line.kind ?? 'Song',
        line.country,
        '0',
        line.earnings,
      ].join('\t'),
    ),
    '',
  ].join('\n');
}

const catalogue = [
  { title: 'Glass River', isrc: 'GB-XYZ-21-00001', upc: '196589000001' },
  { title: 'Northern Lights', isrc: 'GBXYZ2100002', upc: '196589000001' },
  { title: 'Solstice', isrc: 'gb-xyz-24-00003', upc: '' },
];
const stores = ['Spotify', 'Apple Music', 'YouTube (Red)', 'Amazon Unlimited', 'Deezer'];
const countries = ['GB', 'US', 'DE', 'FR', 'BR'];

/**
 * `count` deterministic statement lines over three songs, five stores, five countries and the
 * given months, with six-decimal earnings and a few negative corrections.
 */
export function generateDistroKidLines(
  count: number,
  options: { months?: string[]; seed?: number } = {},
): DistroKidLine[] {
  const months = options.months ?? ['2025-01', '2025-02'];
  let state = options.seed ?? 7;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, (_, index) => {
    const song = catalogue[index % catalogue.length]!;
    const isCorrection = index % 17 === 16;
    const quantity = Math.floor(next() * 900) + 1;
    const micros = Math.floor(next() * 4_000_000) + 1;
    const earnings = `${isCorrection ? '-' : ''}${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
    return {
      saleMonth: months[Math.floor(index / catalogue.length) % months.length]!,
      store: stores[Math.floor(next() * stores.length)]!,
      title: song.title,
      isrc: song.isrc,
      upc: song.upc,
      quantity: isCorrection ? -quantity : quantity,
      country: countries[Math.floor(next() * countries.length)]!,
      earnings,
    };
  });
}
