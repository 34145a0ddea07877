import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { readRememberedOrigin } from '@/lib/auth/guards';
import { useIdentityAdapter } from '@/lib/identity/adapter-context';
import { AuthCard } from './auth-card';

export function SignInPage() {
  const { SignIn } = useIdentityAdapter();
  const location = useLocation();
  const origin = readRememberedOrigin(location.state, location.search);
  return (
    <AuthCard
      title="Welcome back"
      description={
        origin
          ? 'Sign in to pick up where you left off.'
          : 'Sign in to see how your music is landing with fans.'
      }
    >
      <SignIn redirectTo={origin ?? paths.dashboard} />
    </AuthCard>
  );
}
