import { readdirSync } from 'node:fs';
import { dirname, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The import layering, as one ESLint rule (`boundaries/layers`) that resolves every relative and
 * `@/` specifier to the file it names and asks which folder it lands in, so a rule holds however
 * deep the importing file sits and whether the path is written by alias or relatively. The
 * feature and module lists are read from the folders, never typed by hand. Issue 27.
 *
 * Web (apps/web/src): shared code (components, lib, config, testing) imports no feature and not
 * the app layer; a feature imports neither the app layer nor another feature's internals (only
 * its index.ts, its public surface; the loop test keeps features free of cycles).
 * API (apps/api/src): a module imports another module only through its index (`../users`,
 * `../../modules/users/index`); the app's wiring, seed and test helpers too; lib/, db/, plugins/
 * and config/ import no module (their tests may, as app.ts does).
 */

const repoRoot = dirname(fileURLToPath(import.meta.url));
const webRoot = resolve(repoRoot, 'apps/web/src');
const apiRoot = resolve(repoRoot, 'apps/api/src');

export function listFolders(path) {
  return readdirSync(resolve(repoRoot, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A path relative to `root` in posix form, or null when it lies outside. */
function inside(root, path) {
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || rel.startsWith(sep) || /^[a-zA-Z]:/.test(rel))
    return null;
  return rel.split(sep).join(posix.sep);
}

/** The absolute path a specifier names (no extension added), or null for a package. */
function resolveSpecifier(file, specifier) {
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '..')
    return resolve(dirname(file), specifier);
  if (specifier.startsWith('@/') && inside(webRoot, file) !== null)
    return resolve(webRoot, specifier.slice(2));
  return null;
}

const webShared = new Set(['components', 'lib', 'config', 'testing']);
const apiWithoutModules = new Set(['lib', 'db', 'plugins', 'config']);
const apiWiring = new Set(['seed', 'testing']);

/** Why `file` may not import `target`, or null when it may. */
export function findViolation(file, target) {
  const webFrom = inside(webRoot, file);
  const webTo = inside(webRoot, target);
  if (webFrom !== null && webTo !== null) {
    const [fromTop, fromFeature] = webFrom.split('/');
    const [toTop, toFeature] = webTo.split('/');
    const isTargetUpper = toTop === 'features' || toTop === 'app';
    if (webShared.has(fromTop) && isTargetUpper)
      return 'Shared code (components, lib, config, testing) must not import features or the app layer.';
    if (fromTop === 'features' && toTop === 'app') return 'Features must not import the app layer.';
    const [, , ...rest] = webTo.split('/');
    const isFeatureIndex =
      rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]));
    if (
      fromTop === 'features' &&
      toTop === 'features' &&
      toFeature &&
      toFeature !== fromFeature &&
      !isFeatureIndex
    )
      return `Features never import each other's internals (${fromFeature} → ${toFeature}): use its index.ts, or compose them in app/routes.`;
    return null;
  }
  const apiFrom = inside(apiRoot, file);
  const apiTo = inside(apiRoot, target);
  if (apiFrom === null || apiTo === null) return null;
  const fromParts = apiFrom.split('/');
  const toParts = apiTo.split('/');
  if (toParts[0] !== 'modules' || toParts.length < 2) return null;
  const toModule = toParts[1];
  const isIndex =
    toParts.length === 2 || (toParts.length === 3 && /^index(\.[jt]s)?$/.test(toParts[2]));
  const fromTop = fromParts.length === 1 ? '.' : fromParts[0];
  // A test of a plugin or a lib helper may build what it tests with a module, as app.ts does.
  const isTest = /\.test\.tsx?$/.test(file);
  if (apiWithoutModules.has(fromTop) && !isTest)
    return `${fromTop}/ imports no module (modules/${toModule}): pass what it needs in from app.ts.`;
  const fromModule = fromTop === 'modules' ? fromParts[1] : null;
  if (fromModule === toModule || isIndex) return null;
  if (fromModule !== null || fromTop === '.' || apiWiring.has(fromTop))
    return `Import another module only through its index.ts (e.g. '../${toModule}'), not modules/${toParts.slice(1).join('/')}.`;
  return null;
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'The import layering of the web app and the API (issue 27).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (inside(webRoot, file) === null && inside(apiRoot, file) === null) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(file, source.value);
      if (target === null) return;
      const message = findViolation(file, target);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const boundaries = { meta: { name: 'crescendo-boundaries' }, rules: { layers } };
