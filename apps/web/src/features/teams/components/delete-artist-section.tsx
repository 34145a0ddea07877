import { invoiceRetentionYears } from '@crescendo/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmByTypingDialog } from '@/components/ui/confirm-by-typing-dialog';
import { paths } from '@/config/paths';
import { extractErrorMessage } from '@/lib/api-error-message';
import { reloadIntoActiveOrganization } from '@/lib/organizations/organizations-api';
import { showToast } from '@/lib/toast';
import { useDeleteOrganization } from '../api/delete-organization';

/** Settings → Team → Delete this artist (owners). */
export function DeleteArtistSection({ artistName }: { artistName: string }) {
  const deletion = useDeleteOrganization();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Card className="border-red-200 dark:border-red-900/60">
      <CardHeader>
        <CardTitle>Delete this artist</CardTitle>
        <CardDescription>
          {artistName} goes with all its data: analytics, imports, campaigns, assistant
          conversations, share links and invitations. Its connections are revoked at YouTube and
          Meta and a paid plan is cancelled. Members keep their own accounts. Invoices are kept for{' '}
          {invoiceRetentionYears} years because tax law requires it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="danger" onClick={() => setIsOpen(true)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete this artist
        </Button>
      </CardContent>
      <ConfirmByTypingDialog
        isOpen={isOpen}
        onOpenChange={(next) => {
          setIsOpen(next);
          if (!next) deletion.reset();
        }}
        title={`Delete ${artistName}?`}
        description="This cannot be undone."
        expected={artistName}
        confirmLabel="Delete this artist"
        isPending={deletion.isPending}
        error={deletion.isError ? extractErrorMessage(deletion.error) : null}
        onConfirm={(typed) =>
          deletion.mutate(typed, {
            onSuccess: () => {
              showToast({ title: `${artistName} has been deleted`, type: 'success' });
              reloadIntoActiveOrganization(paths.settingsTeam);
            },
          })
        }
      />
    </Card>
  );
}
