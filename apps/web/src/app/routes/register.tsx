import { SignUpPage } from '@/features/auth/components/sign-up-page';
import { SignedInLanding } from '@/features/profile/components/signed-in-landing';
import { RedirectIfSignedIn } from '@/lib/auth/guards';

export function Component() {
  return (
    <RedirectIfSignedIn renderRedirect={(to) => <SignedInLanding to={to} />}>
      <SignUpPage />
    </RedirectIfSignedIn>
  );
}
