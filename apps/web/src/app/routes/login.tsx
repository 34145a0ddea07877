import { SignInPage } from '@/features/auth/components/sign-in-page';
import { RedirectIfSignedIn } from '@/lib/auth/guards';

export function Component() {
  return (
    <RedirectIfSignedIn>
      <SignInPage />
    </RedirectIfSignedIn>
  );
}
