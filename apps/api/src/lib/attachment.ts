import path from 'node:path';

/**
 * A `Content-Disposition: attachment` value for a file name a person chose (an upload's): an
 * ASCII `filename` for old clients, with quotes, backslashes, control and non-ASCII characters
 * replaced, and the exact name as RFC 5987 `filename*` (UTF-8, percent-encoded), so no name can
 * end the header or add a parameter.
 */
export function describeAttachment(fileName: string): string {
  const name = path.basename(fileName.replaceAll('\\', '/')) || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const textTypes: Record<string, string> = {
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.txt': 'text/plain',
};

/**
 * The type a kept statement or export is sent back with, from its name's extension: the text
 * types it can be (no charset: files come in several encodings), anything else as bytes.
 */
export function describeTextFileType(fileName: string): string {
  return textTypes[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}
