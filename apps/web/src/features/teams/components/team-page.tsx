import {
  organizationRoleLabels,
  organizationRoles,
  type OrganizationRole,
  type TeamInvitation,
  type TeamMember,
} from '@crescendo/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { CreateArtistForm } from '@/components/layouts/create-artist-form';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { extractErrorMessage } from '@/lib/api-error-message';
import { formatDate } from '@/lib/format';
import { useOrganizations } from '@/lib/organizations/organizations-api';
import {
  ownerOnlyReason,
  useOrganizationAccess,
} from '@/lib/organizations/use-organization-access';
import { showToast } from '@/lib/toast';
import { useRevokeInvitation, useTeamInvitations } from '../api/team-invitations';
import { useChangeMemberRole, useRemoveMember, useTeamMembers } from '../api/team-members';
import { AuditLogSection } from './audit-log-section';
import { copyInvitationLink } from './copy-link';
import { DeleteArtistSection } from './delete-artist-section';
import { InviteForm } from './invite-form';

function MemberRow({ member, canManage }: { member: TeamMember; canManage: boolean }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const onRole = (role: OrganizationRole) =>
    changeRole.mutate(
      { memberId: member.id, role },
      {
        onSuccess: () =>
          showToast({
            title: `${member.name} is now ${organizationRoleLabels[role].toLowerCase()}`,
            type: 'success',
          }),
        onError: (error) =>
          showToast({
            title: 'Role not changed',
            description: extractErrorMessage(error),
            type: 'error',
          }),
      },
    );
  const onRemove = () => {
    if (!window.confirm(`Remove ${member.name} (${member.email})? Their access ends at once.`))
      return;
    remove.mutate(member.id, {
      onSuccess: () => showToast({ title: `${member.name} was removed`, type: 'success' }),
      onError: (error) =>
        showToast({ title: 'Not removed', description: extractErrorMessage(error), type: 'error' }),
    });
  };
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {member.name} {member.isYou ? <Badge tone="brand">You</Badge> : null}
        </p>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
          {member.email} · joined {formatDate(member.joinedAt)}
        </p>
      </div>
      {canManage ? (
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor={`role-${member.id}`}>
            Role of {member.name}
          </label>
          <select
            id={`role-${member.id}`}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => onRole(event.target.value as OrganizationRole)}
            className="h-8 rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {organizationRoles.map((role) => (
              <option key={role} value={role}>
                {organizationRoleLabels[role]}
              </option>
            ))}
          </select>
          <Button variant="ghost" size="sm" isLoading={remove.isPending} onClick={onRemove}>
            Remove
          </Button>
        </div>
      ) : (
        <Badge>{organizationRoleLabels[member.role]}</Badge>
      )}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const revoke = useRevokeInvitation();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{invitation.email}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {organizationRoleLabels[invitation.role]} · invited by {invitation.invitedBy} · expires{' '}
          {formatDate(invitation.expiresAt)}
        </p>
      </div>
      <div className="flex gap-2">
        {invitation.url ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void copyInvitationLink(invitation.url!, invitation.email)}
          >
            Copy link
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          isLoading={revoke.isPending}
          onClick={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () =>
                showToast({ title: `Invitation for ${invitation.email} revoked`, type: 'success' }),
              onError: (error) =>
                showToast({
                  title: 'Not revoked',
                  description: extractErrorMessage(error),
                  type: 'error',
                }),
            })
          }
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}

/** Settings → Team: members and roles, invitations, and new artists. */
export function TeamPage() {
  const access = useOrganizationAccess();
  const members = useTeamMembers();
  const invitations = useTeamInvitations({ enabled: access.role === 'owner' });
  const organizations = useOrganizations();
  const [isCreating, setIsCreating] = useState(false);
  const pending = (invitations.data ?? []).filter((invitation) => invitation.status === 'pending');
  const artistName = members.data?.organization.name ?? 'this artist';

  return (
    <div>
      <PageHeader
        title="Team"
        description={`Who works on ${artistName}, and what each of them can do.`}
        actions={
          <Button variant="secondary" onClick={() => setIsCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Create artist
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        {access.role && access.role !== 'owner' ? (
          <Alert
            title={`You are a ${organizationRoleLabels[access.role].toLowerCase()} of ${artistName}`}
          >
            {ownerOnlyReason} Owners invite people and change roles.
          </Alert>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Members</CardTitle>
            <CardDescription>
              Owners handle everything, billing and members included. Managers do everything else.
              Viewers see the numbers and change nothing.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {members.isPending ? (
              <Skeleton className="h-16" />
            ) : members.isError ? (
              <Alert tone="danger" title="Members did not load">
                {extractErrorMessage(members.error)}
              </Alert>
            ) : (
              <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Members">
                {members.data.members.map((member) => (
                  <MemberRow key={member.id} member={member} canManage={access.role === 'owner'} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        {access.role === 'owner' ? (
          <>
            <Card>
              <CardHeader>
                <CardTitle>Invite someone</CardTitle>
                <CardDescription>
                  They get a link by mail that works once, for 7 days. They sign in or sign up with
                  that address, and join with the role you pick.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <InviteForm />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Pending invitations</CardTitle>
              </CardHeader>
              <CardContent>
                {invitations.isPending ? (
                  <Skeleton className="h-12" />
                ) : pending.length === 0 ? (
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    No pending invitations.
                  </p>
                ) : (
                  <ul
                    className="divide-y divide-zinc-200 dark:divide-zinc-800"
                    aria-label="Pending invitations"
                  >
                    {pending.map((invitation) => (
                      <InvitationRow key={invitation.id} invitation={invitation} />
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
            <AuditLogSection />
            {members.data ? (
              <DeleteArtistSection artistName={members.data.organization.name} />
            ) : null}
          </>
        ) : null}
      </div>
      <Dialog open={isCreating} onOpenChange={setIsCreating}>
        <DialogContent
          title="Create artist"
          description="A new artist has its own numbers, connections, profile and members. You own it."
        >
          <CreateArtistForm allowance={organizations.data?.artistAllowance} />
        </DialogContent>
      </Dialog>
    </div>
  );
}
