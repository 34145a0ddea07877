import { describe, expect, it } from 'vitest';
import {
  describeSampleStatements,
  generateLargeDistroKidStatement,
  PERSONA_IDS,
} from '@crescendo/platform-sandbox';
import { unsupportedImportMessage } from '@crescendo/contracts';
import { openImport } from './parsers';
import { chunkBytes } from './parsers/test-support';
import {
  prepareInWorker,
  prepareRows,
  tooLargeMessage,
  type PreparedFile,
} from './prepare-in-worker';
import type { PreparedBatch } from './prepared-batches';

/** A batch with its statement lines decoded, to compare and to read in a failure. */
function readable(batch: PreparedBatch) {
  const { statements, ...rest } = batch;
  if (!statements) return { ...rest, statements: null };
  const { lines, ...named } = statements;
  return {
    ...rest,
    statements: { ...named, lines: JSON.parse(Buffer.from(lines).toString('utf8')) },
  };
}

async function collect(prepared: PreparedFile) {
  const batches: ReturnType<typeof readable>[] = [];
  for await (const batch of prepared.batches) batches.push(readable(batch));
  return { batches, figures: prepared.figures() };
}

async function inThread(bytes: Uint8Array, fileName: string, batchSize = 7) {
  const reader = await openImport(chunkBytes(bytes, 4096), { fileName });
  return collect(prepareRows(reader.rows, batchSize));
}

describe('preparing batches on a worker thread', () => {
  // Every format of a persona's sample statements, with their deliberate quirks and rejections.
  const files = describeSampleStatements(PERSONA_IDS[0]!, { now: '2026-03-15T12:00:00Z' });

  it('makes the same batches and figures as this thread, lines, names and rejections included', async () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    let statementLines = 0;
    for (const file of files) {
      const expected = await inThread(file.bytes, file.fileName);
      expect(expected.batches.length, file.fileName).toBeGreaterThan(0);
      // Rejected lines after the last full batch are counted in the figures only.
      expect(expected.figures.rowsTotal).toBeGreaterThanOrEqual(expected.batches.at(-1)!.rowsTotal);
      statementLines += expected.batches.reduce(
        (sum, batch) => sum + (batch.statements?.lines.length ?? 0),
        0,
      );
      const actual = await collect(
        prepareInWorker(chunkBytes(file.bytes, 4096), { fileName: file.fileName, batchSize: 7 }),
      );
      expect(actual, file.fileName).toEqual(expected);
    }
    expect(statementLines).toBeGreaterThan(50);
  });

  it('refuses an unknown file with the message the upload gives', async () => {
    const bytes = Buffer.from('name,colour\nplum,purple\n');
    const prepared = prepareInWorker(chunkBytes(bytes), { fileName: 'notes.csv', batchSize: 7 });
    await expect(collect(prepared)).rejects.toThrow(unsupportedImportMessage);
    expect(prepared.figures()).toMatchObject({ rowsTotal: 0, lastLine: 0 });
  });

  it("fails with the input's own error when reading the upload fails", async () => {
    const [file] = files;
    const broken = new Error('the upload could not be read back');
    async function* failing() {
      yield file!.bytes.subarray(0, 70_000);
      throw broken;
    }
    const prepared = prepareInWorker(failing(), { fileName: file!.fileName, batchSize: 7 });
    await expect(collect(prepared)).rejects.toBe(broken);
  });

  it('stops the worker and its input when the reader stops early', async () => {
    const file = files.find((candidate) => candidate.model.amounts.length > 20)!;
    let isInputClosed = false;
    async function* input() {
      try {
        yield* chunkBytes(file.bytes, 64);
      } finally {
        isInputClosed = true;
      }
    }
    const taken: ReturnType<typeof readable>[] = [];
    const prepared = prepareInWorker(input(), { fileName: file.fileName, batchSize: 5 });
    for await (const batch of prepared.batches) {
      taken.push(readable(batch));
      if (taken.length === 2) break;
    }
    expect(taken).toEqual((await inThread(file.bytes, file.fileName, 5)).batches.slice(0, 2));
    expect(isInputClosed).toBe(true);
  });

  it('fails the file, not the process, when reading it would outgrow the worker', async () => {
    // A whole large statement in one batch: far more than the limit allows.
    const parts: Uint8Array[] = [];
    for await (const part of generateLargeDistroKidStatement(100_000)) parts.push(part);
    let batches = 0;
    const reading = (async () => {
      const prepared = prepareInWorker(chunkBytes(Buffer.concat(parts), 256 * 1024), {
        fileName: 'statement.tsv',
        batchSize: 1_000_000,
        heapLimitMb: 16,
      });
      for await (const _batch of prepared.batches) batches += 1;
    })();
    await expect(reading).rejects.toThrow(tooLargeMessage);
    expect(batches).toBe(0);
  }, 60_000);
});
