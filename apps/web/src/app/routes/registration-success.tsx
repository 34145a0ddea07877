import { RegistrationSuccessPage } from '@/features/auth/components/registration-success-page';

export function Component() {
  return <RegistrationSuccessPage />;
}
