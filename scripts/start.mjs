// `npm start`: build what is missing or stale (web app, API bundle), then run the API, which
// also serves the web app, in this process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBundle, buildApi, isApiBundleStale, newestModification } from './build-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

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

if (isApiBundleStale()) {
  try {
    await buildApi();
  } catch (error) {
    console.error(
      `Cannot start: the API failed to build (${error instanceof Error ? error.message : error})`,
    );
    process.exit(1);
  }
}

process.env.WEB_DIST_DIR ??= path.join(webDir, 'dist');
await import(apiBundle);
