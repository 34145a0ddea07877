import { RegistrationErrorPage } from '@/features/auth/components/registration-error-page';

export function Component() {
  return <RegistrationErrorPage />;
}

export const title = 'Registration failed';
