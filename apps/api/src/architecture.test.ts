import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Modules form a tree (issue 27): no API module (a folder of apps/api/src/modules) and no web
 * feature (a folder of apps/web/src/features) may import, directly or through other modules, one
 * that imports it back. The graph is read from the import specifiers of the source files (type-only
 * imports and re-exports included: a loop of types is still a loop a reader has to untangle);
 * tests are left out, since nothing imports them.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

type Unit = { root: string; alias?: { prefix: string; target: string } };

const api: Unit = { root: join(repoRoot, 'apps/api/src/modules') };
const web: Unit = {
  root: join(repoRoot, 'apps/web/src/features'),
  alias: { prefix: '@/', target: join(repoRoot, 'apps/web/src') },
};

function listSourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return listSourceFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name);
    const isTest = /\.test\.tsx?$/.test(entry.name);
    // The lint test's planted files (lint-boundaries.test.ts) live for a moment only.
    const isPlant = entry.name.startsWith('__lint-plant-');
    return isSource && !isTest && !isPlant ? [path] : [];
  });
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file a specifier names, or null for a package (or a file outside the repo's sources). */
function resolveSpecifier(fromFile: string, specifier: string, unit: Unit): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
  else if (unit.alias && specifier.startsWith(unit.alias.prefix))
    base = join(unit.alias.target, specifier.slice(unit.alias.prefix.length));
  else return null;
  const candidates = [
    base,
    ...['.ts', '.tsx'].map((extension) => base.replace(/\.js$/, '') + extension),
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find(isFile) ?? null;
}

/** The module (first folder under the unit's root) a file belongs to, or null outside it. */
function moduleOf(file: string, unit: Unit): string | null {
  const path = relative(unit.root, file);
  if (path.startsWith('..')) return null;
  const [first, ...rest] = path.split(sep);
  return rest.length > 0 ? first! : null;
}

type Edge = { from: string; to: string; file: string; specifier: string };

/** Module → module edges, each with the files and specifiers that make it. */
export function readModuleGraph(unit: Unit): Map<string, Map<string, Edge[]>> {
  const graph = new Map<string, Map<string, Edge[]>>();
  for (const file of listSourceFiles(unit.root)) {
    const from = moduleOf(file, unit);
    if (from === null) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const target = resolveSpecifier(file, specifier, unit);
      const to = target === null ? null : moduleOf(target, unit);
      if (to === null || to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [
        ...(edges.get(to) ?? []),
        { from, to, file: relative(repoRoot, file), specifier },
      ]);
    }
  }
  return graph;
}

/** The strongly connected components with more than one module (Tarjan), each sorted. */
export function findLoops(graph: Map<string, Map<string, Edge[]>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    lowLinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node)!, lowLinks.get(next)!));
      } else if (onStack.has(next)) {
        lowLinks.set(node, Math.min(lowLinks.get(node)!, indices.get(next)!));
      }
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return loops.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A loop as a reader needs it: every edge inside it with the files that make it. */
function describeLoop(graph: Map<string, Map<string, Edge[]>>, loop: string[]): string {
  const lines = [loop.join(' ↔ ')];
  for (const from of loop)
    for (const to of loop) {
      const edges = graph.get(from)?.get(to);
      if (!edges) continue;
      lines.push(`  ${from} → ${to}:`);
      for (const edge of edges) lines.push(`    ${edge.file} imports '${edge.specifier}'`);
    }
  return lines.join('\n');
}

function describeLoops(unit: Unit): string {
  const graph = readModuleGraph(unit);
  return findLoops(graph)
    .map((loop) => describeLoop(graph, loop))
    .join('\n\n');
}

describe('module graph', () => {
  it('finds a loop in a planted graph and none in a tree', () => {
    const edge = (from: string, to: string): [string, Edge[]] => [
      to,
      [{ from, to, file: `${from}.ts`, specifier: `../${to}` }],
    ];
    const looped = new Map([
      ['a', new Map([edge('a', 'b')])],
      ['b', new Map([edge('b', 'c')])],
      ['c', new Map([edge('c', 'a'), edge('c', 'd')])],
      ['d', new Map()],
    ]);
    expect(findLoops(looped)).toEqual([['a', 'b', 'c']]);
    expect(describeLoop(looped, ['a', 'b', 'c'])).toContain("c.ts imports '../a'");
    const tree = new Map([
      ['a', new Map([edge('a', 'b'), edge('a', 'c')])],
      ['b', new Map([edge('b', 'c')])],
      ['c', new Map()],
    ]);
    expect(findLoops(tree)).toEqual([]);
  });

  it('reads real edges (the API modules import the users module)', () => {
    const graph = readModuleGraph(api);
    expect(graph.size).toBeGreaterThan(10);
    expect([...graph.values()].some((edges) => edges.has('users'))).toBe(true);
  });

  it('has no import loop between API modules', () => {
    expect(describeLoops(api), 'import loops between apps/api/src/modules/*').toBe('');
  });

  it('has no import loop between web features', () => {
    expect(describeLoops(web), 'import loops between apps/web/src/features/*').toBe('');
  });
});
