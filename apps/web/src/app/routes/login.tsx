import { SignInPage } from '@/features/auth/components/sign-in-page';
import { LazySignedInLanding } from '@/features/profile/components/lazy-signed-in-landing';
import { RedirectIfSignedIn } from '@/lib/auth/guards';

export function Component() {
  return (
    <RedirectIfSignedIn renderRedirect={(to) => <LazySignedInLanding to={to} />}>
      <SignInPage />
    </RedirectIfSignedIn>
  );
}

export const title = 'Sign in';
