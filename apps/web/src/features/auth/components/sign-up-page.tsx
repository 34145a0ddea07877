import { paths } from '@/config/paths';
import { useIdentityAdapter } from '@/lib/identity/adapter-context';
import { AuthCard } from './auth-card';

export function SignUpPage() {
  const { SignUp } = useIdentityAdapter();
  return (
    <AuthCard
      title="Join Crescendo"
      description="Create your account to claim a spot on the waitlist. We let artists in as fast as we can."
    >
      <SignUp afterSignUpPath={paths.registrationSuccess} />
    </AuthCard>
  );
}
