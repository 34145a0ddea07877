import { RouterProvider } from 'react-router';
import { GlobalErrorBoundary } from '@/components/errors/global-error-boundary';
import { paths } from '@/config/paths';
import { isPlanLimitError } from '@/lib/api-error';
import { reachability } from '@/lib/connectivity';
import { errorLog, isConnectionErrorMessage } from '@/lib/error-log';
import { IdentityAdapterContext } from '@/lib/identity/adapter-context';
import type { IdentityAdapter } from '@/lib/identity/types';
import { ThemeProvider } from '@/lib/theme-provider';
import { showConnectionErrorToast, showPlanLimitToast } from '@/lib/toast';
import { router } from './router';

// Toasts and redirects happen in one place: here, for errors recorded anywhere in the app.
errorLog.subscribe((entry) => {
  if (isConnectionErrorMessage(entry.error.message)) showConnectionErrorToast();
  if (isPlanLimitError(entry.error)) {
    showPlanLimitToast(entry.error.message, () => void router.navigate(paths.pricing));
  }
});
// The server stopped answering: say so at once, while the requests keep retrying.
reachability.subscribe(() => {
  if (reachability.read() === 'unreachable') showConnectionErrorToast();
});

export function App({ adapter }: { adapter: IdentityAdapter }) {
  const { Provider } = adapter;
  return (
    <GlobalErrorBoundary onGoHome={() => void router.navigate('/')}>
      <ThemeProvider>
        <Provider>
          <IdentityAdapterContext value={adapter}>
            <RouterProvider router={router} />
          </IdentityAdapterContext>
        </Provider>
      </ThemeProvider>
    </GlobalErrorBoundary>
  );
}
