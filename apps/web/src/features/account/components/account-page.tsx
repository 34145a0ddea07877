import { invoiceRetentionYears } from '@crescendo/contracts';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmByTypingDialog } from '@/components/ui/confirm-by-typing-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { extractErrorMessage } from '@/lib/api-error-message';
import { useAuth } from '@/lib/auth/auth-context';
import { showToast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadAccountExport } from '../api/download-export';

/** Settings → Account: download everything held about you, or delete your account. */
export function AccountPage() {
  const { user, logout } = useAuth();
  const download = useDownloadAccountExport();
  const deletion = useDeleteAccount();
  const [isDeleting, setIsDeleting] = useState(false);
  const email = user?.email ?? '';

  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: (fileName) =>
        showToast({ title: 'Your data is downloading', description: fileName, type: 'success' }),
      onError: (error) =>
        showToast({
          title: 'Download failed',
          description: extractErrorMessage(error),
          type: 'error',
        }),
    });

  const onDelete = (typed: string) =>
    deletion.mutate(typed, {
      onSuccess: (answer) => {
        setIsDeleting(false);
        showToast({
          title: 'Your account has been deleted',
          description:
            answer.keptRecords.invoices > 0
              ? `${answer.keptRecords.invoices} invoice(s) are kept for ${invoiceRetentionYears} years, as tax law requires. A confirmation is on its way to ${email}.`
              : `A confirmation is on its way to ${email}.`,
          type: 'success',
          duration: 15_000,
        });
        void logout();
      },
    });

  return (
    <>
      <PageHeader
        title="Account"
        description="Your data on Crescendo: take a copy with you, or remove it."
      />
      <div className="flex max-w-3xl flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Download my data</CardTitle>
            <CardDescription>
              One JSON file with everything Crescendo holds about you and the artists you own: your
              profile and memberships, connections (without their tokens), analytics, imports and
              statement lines, songs, campaigns, your assistant conversations, share links,
              invitations, usage and invoices. Passwords, tokens and hashes are never included.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={onDownload} isLoading={download.isPending}>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download my data
            </Button>
          </CardContent>
        </Card>
        <Card className="border-red-200 dark:border-red-900/60">
          <CardHeader>
            <CardTitle>Delete my account</CardTitle>
            <CardDescription>
              Artists only you own are deleted with all their data; you leave the others. Access you
              gave to YouTube and Meta is revoked there, paid plans are cancelled, and a
              confirmation is mailed to you. Invoices are kept for {invoiceRetentionYears} years
              because tax law requires it, without your name. This cannot be undone.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="danger" onClick={() => setIsDeleting(true)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Delete my account
            </Button>
          </CardContent>
        </Card>
      </div>
      <ConfirmByTypingDialog
        isOpen={isDeleting}
        onOpenChange={(isOpen) => {
          setIsDeleting(isOpen);
          if (!isOpen) deletion.reset();
        }}
        title="Delete your account?"
        description="Everything listed above goes at once, and signing in with this address stops working."
        expected={email}
        confirmLabel="Delete my account"
        isPending={deletion.isPending}
        error={deletion.isError ? extractErrorMessage(deletion.error) : null}
        onConfirm={onDelete}
      />
    </>
  );
}
