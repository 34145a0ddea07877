import type { Campaign } from '@crescendo/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { isApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast';
import { useDeleteCampaign } from '../api/campaigns';

/** Asks before a campaign (and its spend) leaves the ledger. */
export function CampaignDeleteDialog({
  campaign,
  onOpenChange,
}: {
  campaign: Campaign | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteCampaign();
  const onDelete = () => {
    if (!campaign) return;
    remove.mutate(campaign.id, {
      onSuccess: () => {
        showToast({
          title: 'Campaign deleted',
          description: `“${campaign.name}” is no longer in your ROI totals.`,
          type: 'success',
        });
        onOpenChange(false);
      },
      onError: (error) =>
        showToast({
          title: 'Campaign not deleted',
          description: isApiError(error) ? error.message : 'Please try again in a moment.',
          type: 'error',
        }),
    });
  };
  return (
    <ConfirmDeleteDialog
      isOpen={campaign !== null}
      onOpenChange={onOpenChange}
      title="Delete this campaign?"
      description={
        campaign
          ? `“${campaign.name}” and its spend will be removed from your ledger and ROI totals. This can’t be undone.`
          : undefined
      }
      confirmLabel="Delete campaign"
      isPending={remove.isPending}
      onConfirm={onDelete}
    />
  );
}
