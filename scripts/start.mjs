// `npm start`: build the web app if it is missing or stale, then run the API, which serves it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestModification(target) {
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

function isWebBuildStale() {
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  const sources = ['src', 'index.html', 'public', 'vite.config.ts', 'package.json'].map((name) =>
    path.join(webDir, name),
  );
  sources.push(path.join(root, 'packages/contracts/src'));
  return sources.some((source) => newestModification(source) > builtAt);
}

if (
  process.env.CRESCENDO_SKIP_WEB_BUILD !== 'true' &&
  fs.existsSync(path.join(webDir, 'index.html')) &&
  isWebBuildStale()
) {
  console.log('Building the web app (first start or changed sources)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@crescendo/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('Cannot start: the web app failed to build (see the output above)');
    process.exit(1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/api/src/server.ts'));
