import { describeConnectError, type ConnectionProvider } from '@crescendo/contracts';
import { CheckCircle2, CircleAlert, Info } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { DataProvider } from '@/lib/data-provider';
import { useConnections } from '@/lib/analytics/connections-query';
import { providerCompanies, providerNames } from '@/lib/platforms';
import { isConnectionProvider } from '../utils/connection-status';

const pageProviderNames = {
  generic: 'your account',
  google: providerCompanies.youtube,
  youtube: providerNames.youtube,
  meta: providerNames.meta,
} as const;

type PageProvider = keyof typeof pageProviderNames;

function pageProviderOf(provider: PageProvider): ConnectionProvider | null {
  if (provider === 'meta') return 'meta';
  return provider === 'youtube' || provider === 'google' ? 'youtube' : null;
}

/**
 * OAuth landing pages. The normal flow returns to the connections screen through the API
 * (docs/decisions/0004); these pages only explain links that carry `connected` or `error`, and a
 * stray `code` (the SPA never exchanges codes) leads back to Connections. A link proves nothing by
 * itself: "connected" is said only when the artist's own connections list has that provider.
 */
export function OAuthCallbackPage({ provider }: { provider: PageProvider }) {
  return (
    <DataProvider>
      <OAuthLanding provider={provider} />
    </DataProvider>
  );
}

function OAuthLanding({ provider }: { provider: PageProvider }) {
  const [params] = useSearchParams();
  const auth = useAuth();
  // Only the code is read: a link's own text (`error_description`) is never shown.
  const error = params.get('error');
  const connected = params.get('connected');
  const claimed: ConnectionProvider | null = error
    ? null
    : isConnectionProvider(connected)
      ? connected
      : provider === 'youtube'
        ? 'youtube'
        : null;
  const canCheck = claimed !== null && auth.isSignedIn && auth.user !== null;
  const connections = useConnections({ isEnabled: canCheck });
  const name = claimed ? providerNames[claimed] : pageProviderNames[provider];
  const isIdentityLoading = !auth.isLoaded || (auth.isSignedIn && !auth.user && !auth.userError);
  if (claimed && (isIdentityLoading || (canCheck && connections.isPending))) {
    return (
      <div className="flex flex-1 items-center justify-center py-16">
        <Spinner label={`Checking your ${name} connection`} />
      </div>
    );
  }
  const isSuccess =
    canCheck &&
    (connections.data ?? []).some(
      (connection) =>
        connection.provider === claimed &&
        connection.status !== 'reconnect_needed' &&
        connection.status !== 'error',
    );
  const outcome = isSuccess ? 'success' : error ? 'error' : 'neutral';
  const Icon = { success: CheckCircle2, error: CircleAlert, neutral: Info }[outcome];
  const iconClass = {
    success: 'text-emerald-600 dark:text-emerald-400',
    error: 'text-amber-600 dark:text-amber-400',
    neutral: 'text-brand-600 dark:text-brand-400',
  }[outcome];
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div
        className="flex max-w-md flex-col items-center gap-4 text-center"
        role={outcome === 'error' ? 'alert' : undefined}
      >
        <Icon className={`h-12 w-12 ${iconClass}`} aria-hidden="true" />
        <h1 className="text-2xl font-semibold tracking-tight">
          {outcome === 'success'
            ? `${name} connected`
            : outcome === 'error'
              ? `We couldn’t connect ${name}`
              : claimed
                ? `${name} is not connected`
                : `Finishing up with ${name}`}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {outcome === 'success'
            ? 'Your stats will start flowing in shortly. Follow the first sync on Connections.'
            : outcome === 'error'
              ? `${describeConnectError(error, params.get('provider') ?? pageProviderOf(provider))} You can try again from Connections.`
              : claimed && !canCheck
                ? `Sign in to see whether ${name} is connected to your account.`
                : claimed
                  ? `Nothing was connected here. Connect ${name} from Connections.`
                  : 'There’s nothing left to finish here. Head to Connections to see your platforms or link a new one.'}
        </p>
        <Button asChild>
          <Link to={paths.settingsConnections}>
            {outcome === 'error' ? 'Back to connections' : 'Go to connections'}
          </Link>
        </Button>
      </div>
    </div>
  );
}
