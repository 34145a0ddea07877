import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // Every browser the app supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs before it can paint comes as two chunks beside the entry, all
          // three preloaded by index.html, instead of ~20 small ones found in later waves. Only
          // page modules, the identity adapter and what signed-in screens use load on demand
          // (decision 0006: bench/web.ts reports the result).
          groups: [
            {
              name: 'core',
              test: /node_modules\/(react|react-dom|scheduler|react-router|clsx|tailwind-merge|@radix-ui\/react-slot|@radix-ui\/react-compose-refs)\/|src\/lib\/cn\.ts$/,
            },
            {
              name: 'app',
              test: new RegExp(
                'src/(' +
                  [
                    'app/(providers|router|root-layout|route-modules)',
                    'config/[\\w-]+',
                    'lib/(api-error|api-request|api-session|server-data|toast|toast-messages)',
                    'lib/(theme|theme-provider|shortcuts|links|random|token-store)',
                    'lib/(error-log|error-reporting|error-classification|chunk-errors)',
                    'lib/auth/(auth-context|auth-errors|guards|roles|current-user-prefetch)',
                    'lib/identity/(adapter-context|select-adapter|types|jwt|embedded-[a-z]+|credentials-validation)',
                    'components/errors/[\\w-]+',
                    'components/layouts/(footer|public-header|theme-toggle|keyboard-shortcuts|toast-host)',
                    'components/ui/(button|spinner|loading-screen|logo)',
                  ].join('|') +
                  ')\\.tsx?$',
              ),
            },
          ],
        },
      },
    },
  },
});
