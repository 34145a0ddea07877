import { CheckCircle2, MailWarning } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorScreen } from '@/components/errors/error-screen';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { getHomePathForRoles, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { embeddedAuthClient } from '@/lib/identity/embedded-client';
import { useResendVerification } from '@/lib/identity/use-resend-verification';
import { expiredLinkMessage } from './identity-errors';

/**
 * Where a verification mail's link lands. It claims nothing by itself: success is read from the
 * identity provider's session, so a direct visit never says an address was confirmed.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const session = useSyncExternalStore(embeddedAuthClient.subscribe, embeddedAuthClient.getSession);
  const { roles } = useAuth();
  const { resend, isSending } = useResendVerification();
  const user = session.data?.user ?? null;

  if (session.isPending) return <LoadingScreen />;
  const linkError = searchParams.get('error');
  if (user?.emailVerified && !linkError) {
    return (
      <div className="flex flex-1 items-center justify-center px-4 py-16">
        <div role="status" className="flex w-full max-w-md flex-col items-center gap-4 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300">
            <CheckCircle2 className="h-7 w-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Email confirmed</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Thanks — {user.email} is confirmed.
          </p>
          <Button asChild>
            <Link to={roles.length ? getHomePathForRoles(roles) : paths.registrationSuccess}>
              Continue
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <ErrorScreen
      icon={MailWarning}
      title={linkError ? 'This confirmation link can’t be used' : 'Confirm your email'}
      message={
        linkError
          ? expiredLinkMessage
          : 'Open the link in the confirmation mail we sent you to confirm your address.'
      }
    >
      {user && !user.emailVerified ? (
        <Button onClick={() => void resend(user.email)} isLoading={isSending}>
          Send a new link
        </Button>
      ) : null}
      {!user ? (
        <Button asChild>
          <Link to={paths.login}>Sign in</Link>
        </Button>
      ) : null}
    </ErrorScreen>
  );
}
