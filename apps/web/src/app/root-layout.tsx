import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { DemoBanner } from '@/components/layouts/demo-banner';
import { Footer } from '@/components/layouts/footer';
import { KeyboardShortcuts } from '@/components/layouts/keyboard-shortcuts';
import { ToastHost } from '@/components/layouts/toast-host';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { AuthProvider, useAuth } from '@/lib/auth/auth-context';
import { useTheme } from '@/lib/theme-provider';
import type { PageHandle } from './route-modules';

export const APP_NAME = 'Crescendo';

/** The browser tab's name for a page: "Audience · Crescendo" (the app's name alone without one). */
export function documentTitleFor(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
}

/** Names the browser tab after the page (its route module's `title`, carried as the route's handle). */
function DocumentTitle() {
  const pageTitle = useMatches()
    .map((match) => (match.handle as Partial<PageHandle> | undefined)?.title)
    .findLast((title) => typeof title === 'string');
  useEffect(() => {
    document.title = documentTitleFor(pageTitle);
  }, [pageTitle]);
  return null;
}

function RootContent() {
  const { isLoaded } = useAuth();
  if (!isLoaded) {
    return (
      <main className="flex flex-1 flex-col">
        <LoadingScreen message="Initializing..." />
      </main>
    );
  }
  return <Outlet />;
}

/** Wraps every page: auth, shortcuts, toasts and the footer. */
export function RootLayout() {
  const { resolvedTheme } = useTheme();
  return (
    <AuthProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <DemoBanner />
      <div className="flex flex-1 flex-col">
        <RootContent />
      </div>
      <Footer />
      <KeyboardShortcuts />
      <ToastHost theme={resolvedTheme} />
      <ScrollRestoration />
      <DocumentTitle />
    </AuthProvider>
  );
}

export function RootErrorLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <DemoBanner />
      <main className="flex flex-1 flex-col">{children}</main>
      <Footer />
    </>
  );
}
