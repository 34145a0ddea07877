import { CheckCircle2, CircleAlert, Info } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isConnectionProvider, providerNames } from '../utils/connection-status';

const pageProviderNames = {
  generic: 'your account',
  google: 'Google',
  youtube: 'YouTube',
  meta: 'Instagram & Facebook',
} as const;

/** A provider's bare error code becomes a sentence; the API's own messages are already readable. */
function describeError(error: string): string {
  if (error === 'access_denied') return 'Access was declined, so nothing was connected.';
  return /[.!?]$/.test(error) ? error : `${error}.`;
}

/**
 * OAuth landing pages. The normal flow returns to the connections screen through the API
 * (docs/decisions/0004); these pages only explain links that carry `connected` or `error`, and a
 * stray `code` (the SPA never exchanges codes) leads back to Connections.
 */
export function OAuthCallbackPage({ provider }: { provider: keyof typeof pageProviderNames }) {
  const [params] = useSearchParams();
  const error = params.get('error_description') ?? params.get('error');
  const connected = params.get('connected');
  const name = isConnectionProvider(connected)
    ? providerNames[connected]
    : pageProviderNames[provider];
  const isSuccess =
    !error &&
    (isConnectionProvider(connected) ||
      provider === 'youtube' ||
      params.get('status') === 'success');
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
              : `Finishing up with ${name}`}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {outcome === 'success'
            ? 'Your stats will start flowing in shortly. Follow the first sync on Connections.'
            : outcome === 'error'
              ? `${describeError(error ?? '')} You can try again from Connections.`
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
