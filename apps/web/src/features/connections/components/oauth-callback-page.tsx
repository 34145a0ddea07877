import { CheckCircle2, CircleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const providerNames = {
  generic: 'your account',
  google: 'Google',
  youtube: 'YouTube',
  meta: 'Meta',
} as const;

/** OAuth return pages: report the outcome the provider sent back and lead on to connections. */
export function OAuthCallbackPage({ provider }: { provider: keyof typeof providerNames }) {
  const [params] = useSearchParams();
  const error = params.get('error_description') ?? params.get('error');
  const name = providerNames[provider];
  const isSuccess =
    !error && (provider === 'youtube' || params.has('code') || params.get('status') === 'success');
  const Icon = isSuccess ? CheckCircle2 : CircleAlert;
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <Icon
          className={isSuccess ? 'h-12 w-12 text-emerald-600' : 'h-12 w-12 text-amber-600'}
          aria-hidden="true"
        />
        <h1 className="text-2xl font-semibold tracking-tight">
          {isSuccess
            ? `${name} connected`
            : error
              ? `We couldn’t connect ${name}`
              : `Finishing up with ${name}`}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {isSuccess
            ? 'Your stats will start flowing in shortly.'
            : error
              ? `The provider said: “${error}”. You can try again from Connections.`
              : 'There was nothing to finish here. Head to Connections to link a platform.'}
        </p>
        <Button asChild>
          <Link to={paths.settingsConnections}>Back to connections</Link>
        </Button>
      </div>
    </div>
  );
}
