import { organizationRoleDescriptions, organizationRoleLabels } from '@crescendo/contracts';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getErrorStatus } from '@/lib/api-error';
import { extractErrorMessage } from '@/lib/api-error-message';
import { useAuth } from '@/lib/auth/auth-context';
import { useIdentityAdapter } from '@/lib/identity/adapter-context';
import { reloadIntoActiveOrganization } from '@/lib/organizations/organizations-api';
import { acceptInvitation, useInvitationPreview } from '../api/invitation-link';

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md">
        <h1 className="mb-6 text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
          {children}
        </div>
      </div>
    </div>
  );
}

/** `/invite/:token`: see the invitation, sign in or up (as needed), then join. */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const auth = useAuth();
  const { SignIn, SignUp } = useIdentityAdapter();
  // The sign-in and sign-up forms' own "other way in" links switch between them here.
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode') === 'sign-in' ? 'sign-in' : 'sign-up';
  const [error, setError] = useState<string | null>(null);
  const [isJoining, setIsJoining] = useState(false);
  const here = `${paths.invite}/${token}`;

  if (preview.isPending) {
    return (
      <Frame title="Your invitation">
        <div className="flex justify-center">
          <Spinner />
        </div>
      </Frame>
    );
  }
  if (preview.isError) {
    const isGone = getErrorStatus(preview.error) === 404 || getErrorStatus(preview.error) === 400;
    return (
      <Frame title="This invitation can't be used">
        <Alert
          tone="danger"
          title={isGone ? 'The link no longer works' : 'The invitation did not load'}
        >
          {extractErrorMessage(preview.error)}
        </Alert>
        <p className="mt-4 text-center text-sm">
          <Link
            to={paths.home}
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            Go to Crescendo
          </Link>
        </p>
      </Frame>
    );
  }
  const invitation = preview.data;
  const summary = (
    <p className="mb-4 text-sm text-zinc-700 dark:text-zinc-300">
      <strong>{invitation.invitedBy}</strong> invited <strong>{invitation.email}</strong> to join{' '}
      <strong>{invitation.organizationName}</strong> as{' '}
      {organizationRoleLabels[invitation.role].toLowerCase()}:{' '}
      {organizationRoleDescriptions[invitation.role].toLowerCase()}
    </p>
  );

  if (!auth.isLoaded || (auth.isSignedIn && !auth.user && !auth.userError)) {
    return (
      <Frame title={`Join ${invitation.organizationName}`}>
        {summary}
        <div className="flex justify-center">
          <Spinner />
        </div>
      </Frame>
    );
  }

  if (!auth.isSignedIn) {
    return (
      <Frame title={`Join ${invitation.organizationName}`}>
        {summary}
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          {mode === 'sign-up'
            ? `Create your account with ${invitation.email}, then accept.`
            : `Sign in as ${invitation.email}, then accept.`}
        </p>
        {mode === 'sign-up' ? (
          <SignUp afterSignUpPath={here} signInHref={`${here}?mode=sign-in`} />
        ) : (
          <SignIn redirectTo={here} signUpHref={here} />
        )}
      </Frame>
    );
  }

  const isOtherAddress =
    auth.user?.email && auth.user.email.toLowerCase() !== invitation.email.toLowerCase();
  const onAccept = async () => {
    setIsJoining(true);
    setError(null);
    try {
      await acceptInvitation(token);
      reloadIntoActiveOrganization(paths.dashboard);
    } catch (caught) {
      setError(extractErrorMessage(caught));
      setIsJoining(false);
    }
  };
  return (
    <Frame title={`Join ${invitation.organizationName}`}>
      {summary}
      {isOtherAddress ? (
        <Alert tone="danger" title="Signed in with another address" className="mb-4">
          {`You are signed in as ${auth.user?.email}. Sign out and sign in as ${invitation.email} to accept.`}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="danger" title="Could not join" className="mb-4">
          {error}
        </Alert>
      ) : null}
      <div className="flex flex-col gap-2">
        <Button
          size="lg"
          isLoading={isJoining}
          disabled={Boolean(isOtherAddress)}
          onClick={() => void onAccept()}
        >
          Accept and join
        </Button>
        {isOtherAddress ? (
          <Button variant="secondary" onClick={() => void auth.logout()}>
            Sign out
          </Button>
        ) : null}
      </div>
    </Frame>
  );
}
