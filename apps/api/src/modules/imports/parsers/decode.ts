import type { DetectedImport } from './types';

export type TextEncoding = DetectedImport['encoding'];

/** Bytes read before deciding the encoding and the header (a header row never needs more). */
export const headBytes = 64 * 1024;

/**
 * The encoding of a file from its first bytes: a byte-order mark wins (UTF-8, UTF-16 LE);
 * without one, NUL bytes in every other position mean UTF-16 LE that lost its mark, and bytes
 * that are not valid UTF-8 mean an older Excel's Windows-1252.
 */
export function sniffEncoding(head: Uint8Array): { encoding: TextEncoding; bomLength: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return { encoding: 'utf-8', bomLength: 3 };
  }
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (looksLikeUtf16le(head)) return { encoding: 'utf-16le', bomLength: 0 };
  return { encoding: isValidUtf8Prefix(head) ? 'utf-8' : 'windows-1252', bomLength: 0 };
}

function looksLikeUtf16le(head: Uint8Array): boolean {
  const pairs = Math.min(64, Math.floor(head.length / 2));
  if (pairs < 4) return false;
  let nulHighBytes = 0;
  for (let index = 0; index < pairs; index += 1) {
    if (head[index * 2 + 1] === 0 && head[index * 2] !== 0) nulHighBytes += 1;
  }
  return nulHighBytes >= pairs * 0.9;
}

/** Whether the bytes are UTF-8, allowing one multi-byte sequence cut off at the end. */
function isValidUtf8Prefix(bytes: Uint8Array): boolean {
  const complete = bytes.subarray(0, bytes.length - countIncompleteUtf8Tail(bytes));
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(complete);
    return true;
  } catch {
    return false;
  }
}

/** How many bytes at the end start a UTF-8 sequence that the next chunk would complete. */
function countIncompleteUtf8Tail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead byte
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}

/**
 * Decodes a byte stream chunk by chunk with the sniffed encoding (constant memory). A file whose
 * first 64 KB were plain ASCII but which later holds a byte that is not UTF-8 is Windows-1252
 * from there on: until that byte both encodings read the same.
 */
export async function* decodeChunks(
  chunks: AsyncIterable<Uint8Array>,
  sniffed: { encoding: TextEncoding; bomLength: number },
): AsyncGenerator<string> {
  let encoding = sniffed.encoding;
  let decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8', ignoreBOM: true });
  let bytesToSkip = sniffed.bomLength;
  let pendingTail: Uint8Array = new Uint8Array(0);
  for await (const raw of chunks) {
    let chunk = raw;
    if (bytesToSkip > 0) {
      const skipped = Math.min(bytesToSkip, chunk.length);
      chunk = chunk.subarray(skipped);
      bytesToSkip -= skipped;
    }
    if (chunk.length === 0) continue;
    if (encoding !== 'utf-8') {
      yield decoder.decode(chunk, { stream: true });
      continue;
    }
    try {
      const text = decoder.decode(chunk, { stream: true });
      const tailLength = countIncompleteUtf8Tail(chunk);
      pendingTail = chunk.subarray(chunk.length - tailLength);
      if (text.length > 0) yield text;
    } catch {
      encoding = 'windows-1252';
      decoder = new TextDecoder(encoding);
      yield decoder.decode(concatBytes(pendingTail, chunk), { stream: true });
    }
  }
  try {
    const rest = decoder.decode();
    if (rest.length > 0) yield rest;
  } catch {
    yield new TextDecoder('windows-1252').decode(pendingTail);
  }
}

function concatBytes(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first, 0);
  joined.set(second, first.length);
  return joined;
}
