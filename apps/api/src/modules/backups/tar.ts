/** A minimal ustar writer and reader: regular files only, names under 100 bytes. */
export type TarEntry = { name: string; data: Buffer; mode?: number; mtime?: Date };

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function headerOf(entry: TarEntry): Buffer {
  const header = Buffer.alloc(512);
  if (Buffer.byteLength(entry.name) > 99) throw new Error(`tar entry name too long: ${entry.name}`);
  header.write(entry.name, 0, 100, 'utf8');
  writeOctal(header, entry.mode ?? 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, entry.data.length, 124, 12);
  writeOctal(header, Math.floor((entry.mtime ?? new Date()).getTime() / 1000), 136, 12);
  header.write('        ', 148, 8, 'ascii');
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\0', 257, 6, 'ascii');
  header.write('00', 263, 2, 'ascii');
  let checksum = 0;
  for (const byte of header) checksum += byte;
  header.write(checksum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return header;
}

export function writeTar(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(headerOf(entry), entry.data, Buffer.alloc((512 - (entry.data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (start: number, length: number) =>
      header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const mode = parseInt(text(100, 8).trim() || '644', 8);
    const data = archive.subarray(offset + 512, offset + 512 + size);
    if (data.length !== size) throw new Error('the archive is truncated');
    if (text(156, 1) === '0' || text(156, 1) === '')
      entries.push({ name: text(0, 100), data, mode });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}
