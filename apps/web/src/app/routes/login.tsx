import { SignInPage } from '@/features/auth/components/sign-in-page';
import { SignedInLanding } from '@/features/profile/components/signed-in-landing';
import { RedirectIfSignedIn } from '@/lib/auth/guards';

export function Component() {
  return (
    <RedirectIfSignedIn renderRedirect={(to) => <SignedInLanding to={to} />}>
      <SignInPage />
    </RedirectIfSignedIn>
  );
}
