// Bundles the API's TypeScript (and the contracts package) into one ESM file so `npm start`
// loads in a fraction of the time a per-file TypeScript loader takes. node_modules stay external.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');
export const apiBundle = path.join(apiDir, 'dist/server.mjs');
/** The import's parse worker thread (decisions 0038, 0040), loaded from beside the bundle. */
const prepareWorkerBundle = path.join(apiDir, 'dist/prepare-worker.mjs');

export function newestModification(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

export function isApiBundleStale() {
  if (!fs.existsSync(apiBundle) || !fs.existsSync(prepareWorkerBundle)) return true;
  const builtAt = fs.statSync(apiBundle).mtimeMs;
  return [
    path.join(apiDir, 'src'),
    path.join(apiDir, 'package.json'),
    path.join(root, 'packages'),
  ].some((source) => newestModification(source) > builtAt);
}

export async function buildApi() {
  const { build } = await import('esbuild');
  const manifest = JSON.parse(fs.readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
  const external = Object.keys(manifest.dependencies ?? {}).filter(
    (name) => !name.startsWith('@crescendo/'),
  );
  const outDir = path.dirname(apiBundle);
  // Several processes may start at once (tests): build beside, then rename into place atomically.
  fs.mkdirSync(outDir, { recursive: true });
  fs.cpSync(path.join(apiDir, 'src/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
  const result = await build({
    entryPoints: {
      server: path.join(apiDir, 'src/server.ts'),
      'prepare-worker': path.join(apiDir, 'src/modules/imports/prepare-worker.ts'),
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  // The maps first, so a reader of a new bundle always finds its map; the server last, so a
  // server that loads finds its worker's bundle.
  const order = (file) => (file.path.endsWith('.map') ? 0 : file.path === apiBundle ? 2 : 1);
  const outputs = [...result.outputFiles].sort((a, b) => order(a) - order(b));
  for (const file of outputs) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}
