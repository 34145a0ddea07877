import { SignUpPage } from '@/features/auth/components/sign-up-page';
import { RedirectIfSignedIn } from '@/lib/auth/guards';

export function Component() {
  return (
    <RedirectIfSignedIn>
      <SignUpPage />
    </RedirectIfSignedIn>
  );
}
