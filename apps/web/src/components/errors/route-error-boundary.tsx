import { CloudOff, FileWarning, RefreshCw, ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CHUNK_LOAD_FAILURE_MESSAGE } from '@/lib/chunk-errors';
import {
  classifyRouteError,
  readErrorMessage,
  ROUTE_REDIRECT_DELAY_MS,
} from '@/lib/error-classification';
import { errorLog } from '@/lib/error-log';
import { reportError } from '@/lib/error-reporting';
import { resetQueryErrors } from '@/lib/server-data';
import { ErrorScreen } from './error-screen';

export const CONNECTION_PROBLEM_MESSAGE =
  'Unable to connect to our servers. Please check your internet connection.';
export const UPDATE_REQUIRED_MESSAGE =
  'A new version is available. Please refresh the page to update.';
export const pageErrorMessage = (route: string) => `An error occurred while loading ${route}`;

/** Spec §4 route error boundary. `routeName` fills 'An error occurred while loading {route}'. */
export function RouteErrorBoundary({ routeName }: { routeName: string }) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const kind = classifyRouteError(error);
  const recorded = useRef<unknown>(null);

  useEffect(() => {
    if (recorded.current === error) return;
    recorded.current = error;
    errorLog.record(error, `Route:${routeName}`);
    if (kind === 'page') reportError(error, { route: routeName });
  }, [error, kind, routeName]);

  useEffect(() => {
    if (kind !== 'unauthorized' && kind !== 'forbidden') return;
    const target = kind === 'unauthorized' ? paths.login : paths.accessDenied;
    const timer = setTimeout(() => {
      void navigate(target, {
        replace: true,
        state: kind === 'unauthorized' ? { from: location } : undefined,
      });
    }, ROUTE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [kind, navigate, location]);

  const retry = () => {
    resetQueryErrors();
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };

  if (kind === 'unauthorized' || kind === 'forbidden') {
    return (
      <ErrorScreen
        icon={ShieldAlert}
        title={kind === 'unauthorized' ? 'Session expired' : 'Access denied'}
        message={
          kind === 'unauthorized'
            ? 'Please sign in again. Taking you to sign-in…'
            : 'You don’t have access to this page. Redirecting…'
        }
      />
    );
  }

  if (kind === 'chunk') {
    return (
      <ErrorScreen
        icon={RefreshCw}
        title="Update Required"
        message={UPDATE_REQUIRED_MESSAGE}
        notice={
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{CHUNK_LOAD_FAILURE_MESSAGE}</p>
        }
      >
        <Button onClick={() => window.location.reload()}>Refresh Page</Button>
      </ErrorScreen>
    );
  }

  if (kind === 'network') {
    return (
      <ErrorScreen icon={CloudOff} title="Connection Problem" message={CONNECTION_PROBLEM_MESSAGE}>
        <Button onClick={retry}>Try Again</Button>
      </ErrorScreen>
    );
  }

  const detail = readErrorMessage(error);
  return (
    <ErrorScreen
      icon={FileWarning}
      title="Page Error"
      message={pageErrorMessage(routeName)}
      notice={
        detail ? (
          <p className="text-xs break-words text-zinc-600 dark:text-zinc-400">{detail}</p>
        ) : null
      }
    >
      <Button onClick={retry}>Try Again</Button>
      <Button variant="secondary" onClick={() => void navigate(-1)}>
        Go Back
      </Button>
    </ErrorScreen>
  );
}
