import { ViewerOnboarding } from '@/components/layouts/viewer-onboarding';
import { ConnectionsPage } from '@/features/connections/components/connections-page';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';

export function Component() {
  const { role } = useOrganizationAccess();
  return role === 'viewer' ? <ViewerOnboarding /> : <ConnectionsPage mode="onboarding" />;
}

export const title = 'Connect your platforms';
