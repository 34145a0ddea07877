import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * Onboarding for a viewer: the artist's owners and managers set it up, so there is nothing to
 * fill in (the API would refuse it). Say so, and lead on to the dashboard.
 */
export function ViewerOnboarding() {
  const { backendUser } = useAuth();
  const artistName = backendUser?.organization.name ?? 'This artist';
  return (
    <>
      <PageHeader
        title="Nothing to set up for you"
        description="You joined as a viewer: you can see everything the team sees."
      />
      <div className="flex max-w-xl flex-col items-start gap-4">
        <Alert tone="info" title={`${artistName} is set up by its owners and managers`}>
          The artist profile and the platform connections are theirs to fill in. What they add shows
          on the dashboard as soon as it syncs.
        </Alert>
        <Button asChild size="lg">
          <Link to={paths.dashboard}>Go to the dashboard</Link>
        </Button>
      </div>
    </>
  );
}
