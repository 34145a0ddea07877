import { RegistrationSuccessPage } from '@/features/auth/components/registration-success-page';
import { DataProvider } from '@/lib/data-provider';

/** A public page that reads server data: it brings the data layer with it. */
export function Component() {
  return (
    <DataProvider>
      <RegistrationSuccessPage />
    </DataProvider>
  );
}

export const title = 'Registration';
