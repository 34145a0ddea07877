import { organizationRoleLabels, type OrganizationSummary } from '@crescendo/contracts';
import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { showToast } from '@/lib/toast';
import {
  reloadIntoActiveOrganization,
  useOrganizations,
} from '@/lib/organizations/organizations-api';

// The form (and the contracts' zod schema it validates with) loads when the dialog opens: the
// switcher sits in the signed-in shell, on every first screen.
const CreateArtistForm = lazy(() =>
  import('./create-artist-form').then((module) => ({ default: module.CreateArtistForm })),
);

/**
 * The header's artist switcher, shown once the user belongs to more than one artist. Switching
 * goes through the identity provider and reopens the app in the chosen artist.
 */
export function OrganizationSwitcher() {
  const { backendUser, roles, setActiveOrganization } = useAuth();
  const canUseDashboard = roles.includes('customer') || roles.includes('admin');
  const { data } = useOrganizations({ enabled: Boolean(backendUser) && canUseDashboard });
  const [isOpen, setIsOpen] = useState(false);
  const [isCreating, setIsCreating] = useState(false);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const organizations = data?.organizations ?? [];
  if (!backendUser || organizations.length < 2) return null;
  const active = backendUser.organization;

  const onSwitch = async (organization: OrganizationSummary) => {
    if (organization.id === active.id) {
      setIsOpen(false);
      return;
    }
    setSwitchingTo(organization.id);
    try {
      await setActiveOrganization(organization.identityOrganizationId);
      reloadIntoActiveOrganization(paths.dashboard);
    } catch {
      setSwitchingTo(null);
      showToast({
        title: `Could not switch to ${organization.name}`,
        description: 'You may no longer be a member. Reload the page and try again.',
        type: 'error',
      });
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="max-w-[11rem] sm:max-w-[16rem]"
        aria-label={`Artist: ${active.name}. Switch artist`}
        onClick={() => {
          setIsCreating(false);
          setIsOpen(true);
        }}
      >
        <span className="truncate">{active.name}</span>
        <ChevronsUpDown className="h-4 w-4 shrink-0" aria-hidden="true" />
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent
          title={isCreating ? 'Create artist' : 'Switch artist'}
          description={
            isCreating
              ? 'A new artist has its own numbers, connections, profile and members.'
              : 'Each artist has its own numbers and members.'
          }
        >
          {isCreating ? (
            <Suspense fallback={<Spinner />}>
              <CreateArtistForm allowance={data?.artistAllowance} />
            </Suspense>
          ) : (
            <div className="flex flex-col gap-3">
              <ul className="flex flex-col gap-1" aria-label="Your artists">
                {organizations.map((organization) => (
                  <li key={organization.id}>
                    <button
                      type="button"
                      onClick={() => void onSwitch(organization)}
                      aria-current={organization.id === active.id ? 'true' : undefined}
                      aria-busy={switchingTo === organization.id || undefined}
                      disabled={switchingTo !== null}
                      className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-100 disabled:opacity-60 dark:hover:bg-zinc-800"
                    >
                      <Check
                        className={organization.id === active.id ? 'h-4 w-4' : 'h-4 w-4 opacity-0'}
                        aria-hidden="true"
                      />
                      <span className="min-w-0 flex-1 truncate font-medium">
                        {organization.name}
                      </span>
                      <Badge>{organizationRoleLabels[organization.role]}</Badge>
                    </button>
                  </li>
                ))}
              </ul>
              <Button variant="secondary" onClick={() => setIsCreating(true)}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Create artist
              </Button>
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
