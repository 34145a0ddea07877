import { describe, expect, it } from 'vitest';
import {
  describeSampleStatements,
  generateLargeDistroKidStatement,
  PERSONA_IDS,
} from '@crescendo/platform-sandbox';
import { unsupportedImportMessage } from '@crescendo/contracts';
import { parseInWorker, tooLargeMessage } from './parse-in-worker';
import { chunkBytes, readAll } from './test-support';
import type { ParsedRow } from './types';

async function inThread(bytes: Uint8Array, fileName: string): Promise<ParsedRow[]> {
  return (await readAll(bytes, fileName)).rows;
}

async function inWorker(
  input: AsyncIterable<Uint8Array>,
  fileName: string,
  batchSize = 7,
): Promise<ParsedRow[]> {
  const rows: ParsedRow[] = [];
  for await (const row of parseInWorker(input, { fileName, batchSize })) rows.push(row);
  return rows;
}

describe('parsing on a worker thread', () => {
  // Every format of a persona's sample statements, with their deliberate quirks and rejections.
  const files = describeSampleStatements(PERSONA_IDS[0]!, { now: '2026-03-15T12:00:00Z' });

  it('yields the same rows as the parsers in this thread, fingerprints and rejections included', async () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const expected = await inThread(file.bytes, file.fileName);
      expect(expected.length).toBeGreaterThan(0);
      const actual = await inWorker(chunkBytes(file.bytes, 4096), file.fileName);
      expect(actual, file.fileName).toEqual(expected);
    }
  });

  it('refuses an unknown file with the message the upload gives', async () => {
    const bytes = Buffer.from('name,colour\nplum,purple\n');
    await expect(inWorker(chunkBytes(bytes), 'notes.csv')).rejects.toThrow(
      unsupportedImportMessage,
    );
  });

  it("fails with the input's own error when reading the upload fails", async () => {
    const [file] = files;
    const broken = new Error('the upload could not be read back');
    async function* failing() {
      yield file!.bytes.subarray(0, 70_000);
      throw broken;
    }
    await expect(inWorker(failing(), file!.fileName)).rejects.toBe(broken);
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
    const taken: ParsedRow[] = [];
    for await (const row of parseInWorker(input(), { fileName: file.fileName, batchSize: 5 })) {
      taken.push(row);
      if (taken.length === 3) break;
    }
    expect(taken).toEqual((await inThread(file.bytes, file.fileName)).slice(0, 3));
    expect(isInputClosed).toBe(true);
  });

  it('fails the file, not the process, when reading it would outgrow the worker', async () => {
    // Rows handed over in one batch of a whole large statement: far more than the limit allows.
    const parts: Uint8Array[] = [];
    for await (const part of generateLargeDistroKidStatement(100_000)) parts.push(part);
    let rows = 0;
    const reading = (async () => {
      for await (const _row of parseInWorker(chunkBytes(Buffer.concat(parts), 256 * 1024), {
        fileName: 'statement.tsv',
        batchSize: 1_000_000,
        heapLimitMb: 16,
      })) {
        rows += 1;
      }
    })();
    await expect(reading).rejects.toThrow(tooLargeMessage);
    expect(rows).toBe(0);
  }, 60_000);
});
