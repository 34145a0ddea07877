/** How a sample file is written to bytes: the encodings and line ends real files come in. */
export type FileEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le-bom' | 'windows-1252';

export function encodeText(text: string, encoding: FileEncoding): Buffer {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'utf-8-bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    case 'utf-16le-bom':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'windows-1252':
      return encodeWindows1252(text);
  }
}

/** The characters of Windows-1252's 0x80–0x9F block (the rest of 0xA0–0xFF is Latin-1). */
const windows1252High: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

function encodeWindows1252(text: string): Buffer {
  const bytes = Buffer.alloc(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    const code = character.charCodeAt(0);
    const mapped = windows1252High[character];
    if (mapped !== undefined) bytes[index] = mapped;
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes[index] = code;
    else throw new Error(`Cannot write ${character} in Windows-1252`);
  }
  return bytes;
}

/** A CSV cell: quoted when it holds the delimiter, a quote or a line break. */
export function quoteCell(value: string | number, delimiter: string): string {
  const text = String(value);
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function writeTable(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  options: { delimiter: string; lineEnd: '\n' | '\r\n'; hasTrailingEmptyLine?: boolean },
): string {
  const lines = [header, ...rows].map((cells) =>
    cells.map((cell) => quoteCell(cell, options.delimiter)).join(options.delimiter),
  );
  return (
    lines.join(options.lineEnd) +
    options.lineEnd +
    (options.hasTrailingEmptyLine ? options.lineEnd : '')
  );
}
