// Writes .br and .gz beside each built text asset so the API serves them pre-compressed
// (@fastify/static `preCompressed`), without compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;

function* walk(directory) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const target = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(target);
    else yield target;
  }
}

let count = 0;
for (const file of walk(root)) {
  if (!compressible.test(file) || file.endsWith('.map')) continue;
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} assets in ${path.relative(process.cwd(), root) || '.'}`);
