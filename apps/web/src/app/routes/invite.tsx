import { AcceptInvitationPage } from '@/features/teams/components/accept-invitation-page';
import { DataProvider } from '@/lib/data-provider';

// A public page that reads server data: it brings the query client the signed-in shell has.
export function Component() {
  return (
    <DataProvider>
      <AcceptInvitationPage />
    </DataProvider>
  );
}

export const title = 'Invitation';
