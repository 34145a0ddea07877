import './index.css';
// First: in a build, index.html also loads it on its own, ahead of React (vite.config.ts).
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Footer } from '@/components/layouts/footer';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { env, isDevelopmentBuild, isSentryForced } from '@/config/env';
import { errorLog } from '@/lib/error-log';
import { initErrorReporting } from '@/lib/error-reporting';
import { loadIdentityAdapter } from '@/lib/identity/select-adapter';
import { applyTheme, readStoredTheme, resolveTheme } from '@/lib/theme';
import { watchForChunkFailures } from '@/lib/chunk-errors';

// Apply the theme before React renders so there is no flash of the wrong theme.
applyTheme(resolveTheme(readStoredTheme()));

watchForChunkFailures((error) => errorLog.record(error, 'ChunkLoader'));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);

function Initializing() {
  return (
    <>
      <main className="flex flex-1 flex-col">
        <LoadingScreen message="Initializing..." />
      </main>
      <Footer />
    </>
  );
}

root.render(<Initializing />);

// The app (router, providers) loads beside the identity adapter, not after it: creating the router
// starts the current route's chunks, so they are already on their way when identity is known.
Promise.all([loadIdentityAdapter(env), import('./providers')])
  .then(([adapter, { App }]) => {
    root.render(
      <StrictMode>
        <App adapter={adapter} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    errorLog.record(error, 'Bootstrap');
    root.render(
      <main className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
        <h1 className="text-2xl font-semibold">
          Failed to load application resources. Please refresh the page.
        </h1>
        <button
          type="button"
          className="rounded-lg bg-brand-600 px-4 py-2 text-white"
          onClick={() => window.location.reload()}
        >
          Refresh Page
        </button>
      </main>,
    );
  });

initErrorReporting(env, { isDevelopment: isDevelopmentBuild, isForced: isSentryForced });

// Support aid: `await crescendoDebug.checkConnectivity()` in the browser console.
Object.assign(window, {
  crescendoDebug: {
    checkConnectivity: () =>
      import('@/lib/debug-connectivity').then((module) => module.runConnectivityCheck()),
  },
});
