import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse, type CsvError, type Info } from 'csv-parse';
import { unsupportedImportMessage } from '@crescendo/contracts';
import { decodeChunks, headBytes, sniffEncoding } from './decode';
import { fingerprintRecord } from './fingerprint';
import { LineError, type ReadContext, type RowCells } from './formats/format-definition';
import { matchFormat, type MatchedFormat } from './formats/registry';
import { detectDelimiter, splitHeaderLine, takeFirstLine } from './header';
import type { DetectedImport, ImportReader, ParsedRow } from './types';

/** A file that is no format Crescendo reads (the route answers 415 with this message). */
export class UnsupportedImportFormatError extends Error {
  constructor() {
    super(unsupportedImportMessage);
    this.name = 'UnsupportedImportFormatError';
  }
}

export type ImportInput = AsyncIterable<Uint8Array> | NodeJS.ReadableStream;

type Detection = DetectedImport & { match: MatchedFormat; bomLength: number };

function detectFromHead(head: Uint8Array, isWholeFile: boolean): Detection | null {
  const sniffed = sniffEncoding(head);
  const text = new TextDecoder(sniffed.encoding, { ignoreBOM: true }).decode(
    head.subarray(sniffed.bomLength),
  );
  // The head may end inside the first line only when it is the whole file (a header-only file).
  const headerLine = takeFirstLine(text, isWholeFile || head.length < headBytes);
  if (headerLine === null || headerLine.trim().length === 0) return null;
  const delimiter = detectDelimiter(headerLine);
  const match = matchFormat(splitHeaderLine(headerLine, delimiter));
  if (match === null) return null;
  return {
    format: match.definition.format,
    source: match.definition.source,
    encoding: sniffed.encoding,
    delimiter,
    match,
    bomLength: sniffed.bomLength,
  };
}

/**
 * The format of a file from its first bytes only (at least the header row; 64 KB is plenty), or
 * null when it is none Crescendo reads: the upload route refuses such a file before storing it.
 */
export function detectImport(head: Uint8Array): DetectedImport | null {
  const detection = detectFromHead(head, false);
  if (detection === null) return null;
  const { format, source, encoding, delimiter } = detection;
  return { format, source, encoding, delimiter };
}

/**
 * Opens an import: reads the first 64 KB to recognise the format from its header row (throws
 * `UnsupportedImportFormatError` when it is none), then yields its rows lazily, decoding and
 * parsing as they are pulled, so any size reads in constant memory.
 */
export async function openImport(
  input: ImportInput,
  options: { fileName: string },
): Promise<ImportReader> {
  const iterator = (input as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
  const headChunks: Uint8Array[] = [];
  let headLength = 0;
  let isDone = false;
  while (headLength < headBytes) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    const chunk = toBytes(next.value);
    headChunks.push(chunk);
    headLength += chunk.length;
  }
  const detection = detectFromHead(Buffer.concat(headChunks), isDone);
  if (detection === null) {
    await iterator.return?.();
    throw new UnsupportedImportFormatError();
  }

  async function* readBytes(): AsyncGenerator<Uint8Array> {
    try {
      yield* headChunks.splice(0);
      if (isDone) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield toBytes(next.value);
      }
    } finally {
      await iterator.return?.();
    }
  }

  const { format, source, encoding, delimiter } = detection;
  return {
    format,
    source,
    encoding,
    delimiter,
    rows: readRows(decodeChunks(readBytes(), detection), detection, {
      fileName: options.fileName,
      decimal: { isDecimalCommaLocale: delimiter === ';' },
    }),
  };
}

function toBytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/** Excel's way of keeping leading zeros (`="0880000000001"`) and stray spaces removed. */
function cleanCell(value: string): string {
  const trimmed = value.trim();
  const excelText = /^="(.*)"$/s.exec(trimmed);
  return excelText ? excelText[1]!.trim() : trimmed;
}

function countLineBreaks(values: readonly string[]): number {
  let count = 0;
  for (const value of values) {
    if (value.includes('\n') || value.includes('\r')) count += value.match(/\r\n|\r|\n/g)!.length;
  }
  return count;
}

async function* readRows(
  text: AsyncIterable<string>,
  detection: Detection,
  context: ReadContext,
): AsyncGenerator<ParsedRow> {
  const skipped: ParsedRow[] = [];
  const parser = parse({
    delimiter: detection.delimiter,
    bom: false,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      const lineNumber = (error as { lines?: number } | undefined)?.lines ?? 0;
      skipped.push({ lineNumber, ok: false, reason: describeCsvError(error) });
      return undefined;
    },
  });
  const source = Readable.from(text, { objectMode: true });
  const feeding = pipeline(source, parser).catch((error: unknown) => error);
  let isHeader = true;
  try {
    try {
      for await (const { record, info } of parser as AsyncIterable<ParsedRecord>) {
        yield* skipped.splice(0);
        if (isHeader) {
          isHeader = false;
          continue;
        }
        yield readRecord(record, info.lines - countLineBreaks(record), detection.match, context);
      }
    } catch (error) {
      // A broken file (a quote never closed) ends the rows with one rejection; a failing input
      // (the upload's storage, the network) is the caller's to handle.
      if (!isCsvError(error)) throw error;
      yield* skipped.splice(0);
      yield {
        lineNumber: (error as { lines?: number }).lines ?? 0,
        ok: false,
        reason: describeCsvError(error),
      };
      return;
    }
    yield* skipped.splice(0);
    const failure = await feeding;
    if (isCsvError(failure)) {
      yield { lineNumber: 0, ok: false, reason: describeCsvError(failure) };
    } else if (failure) {
      throw failure;
    }
  } finally {
    // Stopped early (or done): close the source too, and only return once it is closed.
    parser.destroy();
    await feeding;
    // The pipeline settles as soon as the parser is gone; the source closes its input after that.
    if (!source.closed) await new Promise((resolve) => source.once('close', resolve));
  }
}

type ParsedRecord = { record: string[]; info: Info };

function readRecord(
  record: readonly string[],
  lineNumber: number,
  { definition, columnIndexes, headerCount }: MatchedFormat,
  context: ReadContext,
): ParsedRow {
  const cells = record.map(cleanCell);
  if (cells.length > headerCount && cells.slice(headerCount).some((cell) => cell !== '')) {
    return {
      lineNumber,
      ok: false,
      reason: `This line has ${cells.length} fields where the header has ${headerCount}: a value may hold a separator without quotes`,
    };
  }
  const access: RowCells<string> = {
    text: (field) => {
      const index = columnIndexes.get(field);
      return index === undefined ? '' : (cells[index] ?? '');
    },
    has: (field) => columnIndexes.has(field),
  };
  try {
    const { record: parsed, identity } = definition.readRow(access, context);
    return {
      lineNumber,
      ok: true,
      record: parsed,
      fingerprint: fingerprintRecord(parsed, identity),
    };
  } catch (error) {
    if (!(error instanceof LineError)) throw error;
    return { lineNumber, ok: false, reason: error.message };
  }
}

function isCsvError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && code.startsWith('CSV_');
}

function describeCsvError(error: unknown): string {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'CSV_QUOTE_NOT_CLOSED') {
    return 'The file ends inside a quoted value: a quote (") is not closed';
  }
  if (code === 'CSV_INVALID_CLOSING_QUOTE') {
    return 'A quoted value is followed by other characters before the next separator';
  }
  return `This line cannot be read as ${code ? `CSV (${code})` : 'CSV'}`;
}
