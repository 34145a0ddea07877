import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * index.html runs the boot entry as a module script of its own, ahead of the main entry: it only
 * waits for its own small chunk, not for React and the app, to start the first screen's chunks and
 * API reads (src/app/boot.ts). The main entry imports it too; a module runs once.
 */
function bootScript(): Plugin {
  return {
    name: 'crescendo-boot-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const boot = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'boot',
        );
        if (!boot) throw new Error('the boot entry is missing from the build');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${boot.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

const pathOf = (relative: string) =>
  decodeURIComponent(new URL(relative, import.meta.url).pathname);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), bootScript()],
  resolve: {
    alias: [
      { find: '@', replacement: pathOf('./src') },
      // React Router's package exports its development build by default; the dev server keeps it
      // for its warnings.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: pathOf('../../node_modules/react-router/dist/production/index.mjs'),
            },
          ]
        : []),
    ],
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    modulePreload: {
      // Every browser the app supports preloads modules natively.
      polyfill: false,
      // index.html already loads these on every page: listing them for each lazy import again
      // only adds bytes to the start-up chunks.
      resolveDependencies: (_file, dependencies) =>
        dependencies.filter(
          (dependency) => !/\/(rolldown-runtime|boot|core|app)-[\w-]+\.js$/.test(dependency),
        ),
    },
    rolldownOptions: {
      input: {
        index: pathOf('./index.html'),
        boot: pathOf('./src/app/boot.ts'),
      },
      output: {
        codeSplitting: {
          // What every page runs before it can paint comes as two chunks beside the entry, all
          // three preloaded by index.html, instead of ~20 small ones found in later waves. Only
          // page modules, the identity adapter and what signed-in screens use load on demand
          // (decision 0006: bench/web.ts reports the result).
          groups: [
            {
              // What index.html's boot script runs, without React: one small chunk of its own.
              name: 'boot',
              priority: 30,
              test: new RegExp(
                'src/(' +
                  [
                    'app/(boot|route-modules)',
                    'config/(api-paths|env|paths)',
                    'lib/(load-once|token-store)',
                    'lib/identity/(embedded-client|embedded-session|jwt|select-adapter)',
                    'lib/auth/current-user-module',
                  ].join('|') +
                  ')\\.ts$',
              ),
            },
            {
              name: 'core',
              priority: 20,
              test: /node_modules\/(react|react-dom|scheduler|react-router|clsx|tailwind-merge|@radix-ui\/react-slot|@radix-ui\/react-compose-refs)\/|src\/lib\/cn\.ts$/,
            },
            {
              name: 'app',
              priority: 10,
              test: new RegExp(
                'src/(' +
                  [
                    'app/(providers|router|root-layout)',
                    'lib/(api-error|api-session|server-data|toast|toast-messages)',
                    'lib/(theme|theme-provider|shortcuts|random)',
                    'lib/(error-log|error-reporting|error-classification|chunk-errors)',
                    'lib/auth/(auth-context|auth-errors|guards|roles)',
                    // /login itself (most visitors' first screen; its page is a few lines around
                    // the identity's form above), where it sends someone already signed in (a few
                    // lines that load the landing only then) and the sign-in pages' card: three
                    // requests fewer on /login, ~0.4 KB gz more in every page's start-up chunk.
                    'app/routes/login',
                    'features/auth/components/(sign-in-page|auth-card)',
                    'features/profile/components/lazy-signed-in-landing',
                    'lib/identity/(adapter-context|types|embedded-(adapter|forms)|credentials-validation)',
                    'components/errors/[\\w-]+',
                    'components/layouts/(footer|public-header|theme-toggle|keyboard-shortcuts|toast-host)',
                    'components/ui/(button|spinner|loading-screen|logo)',
                  ].join('|') +
                  ')\\.tsx?$',
              ),
            },
            {
              // A signed-in start-up's early API requests (decision 0006 §5), with the period and
              // filters the overview's query is built from: loaded beside the session read when
              // someone probably is signed in, never for a signed-out /login, and small, so the
              // requests do not wait for the signed-in chunk.
              name: 'first-screen',
              priority: 8,
              test: new RegExp(
                'src/(' +
                  [
                    'app/first-screen-requests',
                    'lib/(api-request|early-requests)',
                    'lib/analytics/period',
                    'features/dashboard/shared/utils/dashboard-filters',
                  ].join('|') +
                  ')\\.ts$',
              ),
            },
            {
              // What the public share page (/s/:token, no sign-in, opened on phones) has in
              // common with the signed-in pages: TanStack Query and the plain building blocks.
              // Without it the page would load the whole signed-in chunk below (shell, Radix
              // dialogs, axios, the contracts' schemas) for a few cards (bench/share-page.ts).
              name: 'shared-ui',
              priority: 7,
              test: new RegExp(
                'node_modules/@tanstack/|src/(' +
                  [
                    'lib/(data-provider|query-client|server-data|format|audience-labels|platforms)',
                    'components/ui/(alert|badge|card|input|label|form-field|select|skeleton|textarea)',
                  ].join('|') +
                  ')\\.tsx?$',
              ),
            },
            {
              // The analytics pages' small building blocks (period control, filters, money,
              // connection state, the profile read, the import labels the revenue card uses):
              // each is shared by several pages, so without a group each became a chunk of its
              // own, a dozen requests under 1 KB after the page's chunk on /dashboard (issue 27).
              name: 'analytics-ui',
              // Below the signed-in frame's: what that frame has (the API client, axios) stays
              // there, this group takes only what the pages alone use.
              priority: 4,
              test: new RegExp(
                'src/(' +
                  [
                    'components/analytics/(analytics-page|common-window-note|period-select)',
                    'components/charts/platform-sync-progress',
                    'lib/analytics/connections-query',
                    'lib/money',
                    'features/dashboard/shared/(components|hooks)/[\\w-]+',
                    'features/imports/components/import-labels',
                    'features/profile/api/get-profile',
                  ].join('|') +
                  ')\\.tsx?$',
              ),
            },
            {
              // The signed-in frame: axios and the API client, the shell with its Radix menus,
              // and the building blocks only signed-in pages use (with `shared-ui` beside it).
              name: 'signed-in',
              priority: 5,
              test: new RegExp(
                'node_modules/axios/|src/(' +
                  [
                    'app/signed-in-shell',
                    'lib/(api-client|use-platform-view-state)',
                    'lib/auth/(current-user-query|auth-api)',
                    'components/layouts/(app-shell|export-context|nav-items)',
                    'components/ui/(dialog|empty-state|page-header|progress)',
                  ].join('|') +
                  ')\\.tsx?$',
              ),
            },
          ],
        },
      },
    },
  },
}));
