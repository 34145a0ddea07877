import type { CompleteRegistrationResponse } from '@crescendo/contracts';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Hourglass } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { EmailVerificationBanner } from '@/components/layouts/email-verification-banner';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { getHomePathForRoles, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { showToast } from '@/lib/toast';
import { registerAccount } from '../api/register-account';

function Outcome({ result }: { result: CompleteRegistrationResponse }) {
  const isApproved = result.status === 'approved';
  const Icon = isApproved ? CheckCircle2 : Hourglass;
  const roles = result.user.roles.length > 0 ? result.user.roles : [result.user.role];
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex w-full max-w-md flex-col items-center gap-4 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300">
          <Icon className="h-7 w-7" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">
          {isApproved ? 'You’re in!' : 'You’re on the waitlist'}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {isApproved
            ? 'Your account is approved. Let’s set up your artist profile.'
            : result.position
              ? `Thanks for signing up, ${result.user.user.name || 'artist'}. You’re number ${result.position} in line — we’ll let you in soon.`
              : 'Thanks for signing up. We’ll let you in soon.'}
        </p>
        {/* Right after sign-up: the confirmation mail is on its way (it stays in the app too). */}
        <EmailVerificationBanner className="w-full text-left" />
        <Button asChild size="lg">
          <Link
            to={
              !isApproved
                ? paths.waitlist
                : roles.includes('admin')
                  ? getHomePathForRoles(roles)
                  : paths.onboardingProfile
            }
          >
            {isApproved ? 'Continue' : 'See my waitlist status'}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** Runs the backend registration once the identity provider has signed the new user in. */
export function RegistrationSuccessPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);
  const { refreshUser } = auth;
  const registration = useMutation({
    mutationFn: registerAccount,
    onSuccess: async (result) => {
      await refreshUser();
      if (result.status === 'rejected') {
        await navigate(paths.rejected, { replace: true });
        return;
      }
      showToast({
        title: result.status === 'approved' ? 'Welcome to Crescendo' : 'Spot saved',
        description:
          result.status === 'approved'
            ? 'Your stage is set. Time to tell fans who you are.'
            : 'You’re on the list. We’ll bring you in as soon as there’s room.',
        type: 'celebration',
      });
    },
    onError: () => void navigate(paths.registrationError, { replace: true }),
  });
  const { mutate } = registration;
  const identityUser = auth.identityUser;

  useEffect(() => {
    if (started.current || !identityUser) return;
    started.current = true;
    mutate(identityUser);
  }, [identityUser, mutate]);

  if (auth.isLoaded && !auth.isSignedIn) return <Navigate to={paths.register} replace />;
  if (registration.data) return <Outcome result={registration.data} />;
  return <LoadingScreen message="Setting up your account..." />;
}
