import { SignUpPage } from '@/features/auth/components/sign-up-page';
import { LazySignedInLanding } from '@/features/profile/components/lazy-signed-in-landing';
import { RedirectIfSignedIn } from '@/lib/auth/guards';

export function Component() {
  return (
    <RedirectIfSignedIn renderRedirect={(to) => <LazySignedInLanding to={to} />}>
      <SignUpPage />
    </RedirectIfSignedIn>
  );
}

export const title = 'Sign up';
