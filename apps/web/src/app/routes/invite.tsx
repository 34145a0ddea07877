import { AcceptInvitationPage } from '@/features/teams/components/accept-invitation-page';

export function Component() {
  return <AcceptInvitationPage />;
}
