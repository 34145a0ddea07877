import { Navigate } from 'react-router';
import { GuardSpinner } from '@/lib/auth/guards';
import { useAuth } from '@/lib/auth/auth-context';
import { paths } from '@/config/paths';
import { DataProvider } from '@/lib/data-provider';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';
import { useProfile } from '../api/get-profile';

/**
 * Where a sign-in lands when nothing was remembered: an artist without a profile yet starts
 * onboarding (profile, then connections) instead of an empty dashboard.
 */
export function SignedInLanding({ to }: { to: string }) {
  const { hasRole } = useAuth();
  // A viewer joined an artist its owners set up: onboarding is not theirs to do.
  const { role } = useOrganizationAccess();
  const isArtist =
    hasRole('customer') && !hasRole('admin') && role !== 'viewer' && to === paths.dashboard;
  if (!isArtist) return <Navigate to={to} replace />;
  return (
    // /login and /register are public pages, outside the signed-in frame's data provider.
    <DataProvider>
      <ArtistLanding to={to} />
    </DataProvider>
  );
}

function ArtistLanding({ to }: { to: string }) {
  const profile = useProfile();
  // A failed read is not a reason to hold the artist at the door: the dashboard says what failed.
  if (profile.isPending) return <GuardSpinner />;
  const needsProfile = profile.isSuccess && profile.data === null;
  return <Navigate to={needsProfile ? paths.onboardingProfile : to} replace />;
}
