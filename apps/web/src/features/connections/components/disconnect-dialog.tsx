import type { Connection } from '@crescendo/contracts';
import { Unplug } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { extractErrorMessage } from '@/lib/api-error-message';
import { showToast } from '@/lib/toast';
import { useDisconnectConnection } from '../api/disconnect-connection';
import { providerCompanies } from '@/lib/platforms';

const dataKinds = {
  youtube: 'views, watch time, subscribers, videos and audience',
  meta: 'reach, followers, posts, reels and audience',
  tiktok: 'followers, videos and the daily figures tracked since you connected',
} as const;

const untouched = {
  youtube: 'Your YouTube channel itself stays exactly as it is.',
  meta: 'Your Instagram account and Facebook Page stay exactly as they are.',
  tiktok: 'Your TikTok account itself stays exactly as it is.',
} as const;

/** "Disconnect" with a confirmation that says exactly what is removed. */
export function DisconnectDialog({
  connection,
  describedBy,
  onDisconnected,
}: {
  connection: Connection;
  describedBy: string;
  onDisconnected: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const disconnect = useDisconnectConnection();
  const company = providerCompanies[connection.provider];

  // mutateAsync: the card unmounts as soon as the list drops the connection, and callbacks
  // passed to mutate() would not run after that.
  const confirm = async () => {
    let result: { isRevokedAtProvider: boolean };
    try {
      result = await disconnect.mutateAsync(connection.id);
    } catch {
      return; // shown in the dialog
    }
    setIsOpen(false);
    showToast({
      title: `${connection.accountName} disconnected`,
      description: result.isRevokedAtProvider
        ? 'Crescendo no longer has access, and the synced data is deleted.'
        : `The synced data is deleted. We couldn’t reach ${company} to revoke access — you can remove Crescendo in your ${company} account settings.`,
      type: result.isRevokedAtProvider ? 'success' : 'warning',
    });
    onDisconnected();
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) disconnect.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-describedby={describedBy}>
          <Unplug className="h-4 w-4" aria-hidden="true" /> Disconnect
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Disconnect ${connection.accountName}?`}
        description={untouched[connection.provider]}
        onCloseAutoFocus={(event) => {
          // The trigger is gone once the connection is removed; the page moves focus instead.
          if (disconnect.isSuccess) event.preventDefault();
        }}
      >
        <div className="flex flex-col gap-3 text-sm text-zinc-700 dark:text-zinc-300">
          <p>Disconnecting will:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>revoke Crescendo’s access at {company},</li>
            <li>delete the stored sign-in tokens, and</li>
            <li>
              delete all synced data for this account — {dataKinds[connection.provider]} — from your
              dashboard.
            </li>
          </ul>
          <p>You can connect again any time; we’ll sync your history from scratch.</p>
        </div>
        {disconnect.isError ? (
          <p
            role="alert"
            className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/50 dark:text-red-200"
          >
            {extractErrorMessage(disconnect.error)}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Keep connected</Button>
          </DialogClose>
          <Button variant="danger" isLoading={disconnect.isPending} onClick={() => void confirm()}>
            Disconnect and delete data
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
