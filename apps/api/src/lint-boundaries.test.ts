import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The lint holds every layering rule it names (issue 27): one file per rule is planted inside the
 * repository (where the flat config's globs apply), linted through ESLint's Node API, and removed
 * again. Each must be reported, with the rule's message; the legal imports beside them must not.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// The loop test skips files named so, should it read the folders while they are planted.
const plantPrefix = `__lint-plant-${process.pid}`;

type Plant = { name: string; folder: string; suffix?: string; source: string; message?: RegExp };

const layering = 'boundaries/layers';

const violations: Plant[] = [
  {
    name: 'shared lib imports a feature by alias',
    folder: 'apps/web/src/lib',
    source: "import '@/features/youtube/components/channel-page';",
    message: /Shared code .* must not import features or the app layer/,
  },
  {
    name: 'a shared component imports the app layer',
    folder: 'apps/web/src/components/ui',
    suffix: '.tsx',
    source: "import { router } from '@/app/router';\nexport const plant = router;",
    message: /Shared code/,
  },
  {
    name: 'shared config imports a feature by relative path',
    folder: 'apps/web/src/config',
    source: "export * from '../features/meta/api/get-meta-account';",
    message: /Shared code/,
  },
  {
    name: 'a feature imports the app layer',
    folder: 'apps/web/src/features/connections',
    source: "import '../../app/routes/connections';",
    message: /Features must not import the app layer/,
  },
  {
    name: "a feature imports another feature's internals by alias (assistant → connections)",
    folder: 'apps/web/src/features/assistant/components',
    suffix: '.tsx',
    source:
      "import type { Thing } from '@/features/connections/api/get-connections';\nexport type Plant = Thing;",
    message: /Features never import each other's internals \(assistant → connections\)/,
  },
  {
    name: "a feature imports another feature's internals by relative path (youtube → ../meta)",
    folder: 'apps/web/src/features/youtube/components',
    suffix: '.tsx',
    source: "import '../../meta/components/meta-account-page';",
    message: /Features never import each other's internals \(youtube → meta\)/,
  },
  {
    name: 'a feature lazily imports another feature',
    folder: 'apps/web/src/features/revenue',
    source: "export const load = () => import('../imports/components/imports-page');",
    message: /Features never import each other's internals \(revenue → imports\)/,
  },
  {
    name: "an API module imports another module's internal file",
    folder: 'apps/api/src/modules/sync',
    source:
      "import { findConnection } from '../connections/connections.repository';\nexport const plant = findConnection;",
    message: /only through its index\.ts/,
  },
  {
    name: 'an API module reaches ../../modules/<other>/<internal>',
    folder: 'apps/api/src/modules/analytics/overview',
    source: "import '../../../modules/users/users.service';",
    message: /only through its index\.ts/,
  },
  {
    name: "app.ts's wiring reaches a module's internal file",
    folder: 'apps/api/src',
    source: "import './modules/teams/organizations.service';",
    message: /only through its index\.ts/,
  },
  {
    name: "the test helpers reach a module's internal file",
    folder: 'apps/api/src/testing',
    source: "import '../modules/billing/entitlements.service';",
    message: /only through its index\.ts/,
  },
  {
    name: 'lib/ imports a module (even through its index)',
    folder: 'apps/api/src/lib',
    source: "import '../modules/users';",
    message: /lib\/ imports no module/,
  },
  {
    name: 'db/ imports a module',
    folder: 'apps/api/src/db',
    source: "import '../modules/organizations/index';",
    message: /db\/ imports no module/,
  },
  {
    name: 'a plugin imports a module',
    folder: 'apps/api/src/plugins',
    source: "import '../modules/billing';",
    message: /plugins\/ imports no module/,
  },
  {
    name: 'a service imports Fastify',
    folder: 'apps/api/src/modules/sync',
    suffix: '.service.ts',
    source: "import type { FastifyInstance } from 'fastify';\nexport type Plant = FastifyInstance;",
    message: /Services and repositories import no Fastify/,
  },
];

const legal: Plant[] = [
  {
    name: 'an API module imports another through its index, both ways of writing it',
    folder: 'apps/api/src/modules/connections',
    source:
      "import '../users';\nimport '../../modules/organizations/index';\nimport './connections.repository';",
  },
  {
    name: 'a deep module file imports another module by its folder',
    folder: 'apps/api/src/modules/analytics/overview',
    source: "import '../../billing';\nimport '../shared/platforms';\nimport '../../../lib/days';",
  },
  {
    name: 'the wiring imports modules through their index',
    folder: 'apps/api/src',
    source: "import './modules/teams';\nimport './lib/days';",
  },
  {
    name: 'a feature imports its own files and shared code, by alias and relatively',
    folder: 'apps/web/src/features/youtube/components',
    suffix: '.tsx',
    source:
      "import '../api/get-channel';\nimport '@/features/youtube/api/get-channel';\nimport '@/components/ui/button';\nimport '../../../lib/cn';",
  },
  {
    name: "a feature imports another feature's index (its public surface)",
    folder: 'apps/web/src/features/dashboard/overview/components',
    suffix: '.tsx',
    source: "import '@/features/profile';\nimport '../../../profile/index';",
  },
  {
    name: 'the app layer composes features',
    folder: 'apps/web/src/app/routes',
    suffix: '.tsx',
    source:
      "import '@/features/meta/components/meta-account-page';\nimport '../../features/youtube/components/channel-page';",
  },
  {
    name: 'shared code imports shared code',
    folder: 'apps/web/src/lib',
    source: "import '@/components/ui/button';\nimport '../config/paths';",
  },
];

function plantPath(plant: Plant, index: number): string {
  return join(repoRoot, plant.folder, `${plantPrefix}-${index}${plant.suffix ?? '.ts'}`);
}

describe('the import layering lint', () => {
  const planted = [...violations, ...legal].map((plant, index) => ({
    plant,
    path: plantPath(plant, index),
  }));
  const results = new Map<string, ESLint.LintResult>();

  beforeAll(async () => {
    try {
      for (const { plant, path } of planted) writeFileSync(path, `${plant.source}\n`);
      const eslint = new ESLint({ cwd: repoRoot });
      for (const result of await eslint.lintFiles(planted.map(({ path }) => path)))
        results.set(result.filePath, result);
    } finally {
      for (const { path } of planted) rmSync(path, { force: true });
    }
  }, 180_000);

  afterAll(() => {
    for (const { path } of planted) rmSync(path, { force: true });
  });

  it.each(planted.filter(({ plant }) => plant.message))(
    'reports: $plant.name',
    ({ plant, path }) => {
      const messages = results.get(path)?.messages ?? [];
      const layerMessages = messages.filter(
        (message) => message.ruleId === layering || message.ruleId === 'no-restricted-imports',
      );
      expect(layerMessages.map((message) => message.message)).toEqual([
        expect.stringMatching(plant.message!),
      ]);
    },
  );

  it.each(planted.filter(({ plant }) => !plant.message))('allows: $plant.name', ({ path }) => {
    const result = results.get(path);
    expect(result, 'the plant was linted').toBeDefined();
    expect(result!.messages.map((message) => `${message.ruleId}: ${message.message}`)).toEqual([]);
  });
});
