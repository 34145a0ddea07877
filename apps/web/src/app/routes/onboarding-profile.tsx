import { ViewerOnboarding } from '@/components/layouts/viewer-onboarding';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';

export function Component() {
  const { role } = useOrganizationAccess();
  return role === 'viewer' ? <ViewerOnboarding /> : <ProfilePage mode="onboarding" />;
}

export const title = 'Set up your profile';
