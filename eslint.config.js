import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const featureNames = [
  'teams',
  'auth',
  'waitlist',
  'profile',
  'dashboard',
  'connections',
  'youtube',
  'meta',
  'settings',
  'billing',
  'chat',
  'home',
  'errors',
  'sharing',
];

const apiModuleNames = readdirSync(new URL('apps/api/src/modules/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'apps/api/src/db/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Import direction in the web app: shared (components, lib, config) → features → app.
  {
    files: ['apps/web/src/{components,lib,config,testing}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'],
              message: 'Shared code must not import features or the app layer.',
            },
          ],
        },
      ],
    },
  },
  ...featureNames.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*', '**/app/**'], message: 'Features must not import the app layer.' },
            {
              group: featureNames.filter((f) => f !== feature).map((f) => `@/features/${f}/*`),
              message: 'Features never import each other: compose them in app/routes.',
            },
          ],
        },
      ],
    },
  })),
  // The API: a plugin (its tests aside) imports no module.
  {
    files: ['apps/api/src/plugins/**/*.ts'],
    ignores: ['apps/api/src/plugins/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: String.raw`^(\.\./)+modules/`, message: 'Plugins import no module.' },
          ],
        },
      ],
    },
  },
  // The API: a module imports another module only through that module's index.ts, and its
  // services and repositories import no Fastify.
  ...apiModuleNames.flatMap((module) => {
    const throughIndex = {
      regex: String.raw`^(\.\./)+(${apiModuleNames.filter((name) => name !== module).join('|')})/.`,
      message: "Import another module only through its index.ts (e.g. '../users').",
    };
    return [
      {
        files: [`apps/api/src/modules/${module}/**/*.ts`],
        rules: { 'no-restricted-imports': ['error', { patterns: [throughIndex] }] },
      },
      {
        files: [
          `apps/api/src/modules/${module}/**/*.service.ts`,
          `apps/api/src/modules/${module}/**/*.repository.ts`,
        ],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              paths: [{ name: 'fastify', message: 'Services and repositories import no Fastify.' }],
              patterns: [throughIndex],
            },
          ],
        },
      },
    ];
  }),
  // The API: the app's wiring (app.ts, server.ts), the seed and the test helpers reach a module
  // only through its index.ts too.
  {
    files: ['apps/api/src/*.ts', 'apps/api/src/{seed,testing}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\./|(\.\./)+)modules/[^/]+/.`,
              message: "Import a module only through its index.ts (e.g. './modules/users').",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@crescendo/*', '../../apps/*'],
              message: 'Contracts depend on nothing but zod.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.{ts,mjs,js}', 'scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
