import {
  createInvitationRequestSchema,
  organizationRoleDescriptions,
  organizationRoleLabels,
} from '@crescendo/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { extractErrorMessage } from '@/lib/api-error-message';
import { showToast } from '@/lib/toast';
import { useCreateInvitation } from '../api/team-invitations';
import { copyInvitationLink } from './copy-link';

const invitableRoles = ['manager', 'viewer'] as const;

/** Owners invite by email with a role; the link is mailed and can be copied at once. */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof invitableRoles)[number]>('manager');
  const [error, setError] = useState<string | null>(null);
  const [lastLink, setLastLink] = useState<{ email: string; url: string } | null>(null);
  const create = useCreateInvitation();
  const roleId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createInvitationRequestSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setError(null);
    try {
      const result = await create.mutateAsync(parsed.data);
      setEmail('');
      if (result.invitation.url)
        setLastLink({ email: parsed.data.email, url: result.invitation.url });
      showToast({
        title: result.isMailSent
          ? `Invitation sent to ${parsed.data.email}`
          : `Invitation created for ${parsed.data.email}`,
        description: result.isMailSent
          ? 'You can also copy the link and send it yourself.'
          : 'The mail did not go out: copy the link and send it yourself.',
        type: result.isMailSent ? 'success' : 'warning',
      });
    } catch (caught) {
      setError(extractErrorMessage(caught));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField label="Email" error={error ?? undefined}>
          <Input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="off"
            placeholder="manager@example.com"
          />
        </FormField>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={roleId}>Role</Label>
          <select
            id={roleId}
            value={role}
            aria-describedby={`${roleId}-hint`}
            onChange={(event) => setRole(event.target.value as typeof role)}
            className="block h-10 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {invitableRoles.map((option) => (
              <option key={option} value={option}>
                {organizationRoleLabels[option]}
              </option>
            ))}
          </select>
          <p id={`${roleId}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
            {organizationRoleDescriptions[role]}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {lastLink ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => void copyInvitationLink(lastLink.url, lastLink.email)}
          >
            Copy link for {lastLink.email}
          </Button>
        ) : null}
        <Button type="submit" isLoading={create.isPending}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
