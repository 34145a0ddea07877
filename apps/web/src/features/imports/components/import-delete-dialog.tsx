import type { Import } from '@crescendo/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { isApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast';
import { useDeleteImport } from '../api/delete-import';

/** Asks before an import's lines leave every figure (lines another import also holds stay). */
export function ImportDeleteDialog({
  item,
  onOpenChange,
}: {
  item: Import | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteImport();
  const onDelete = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        showToast({
          title: 'Import deleted',
          description: `${item.fileName} and its lines are no longer in your figures.`,
          type: 'success',
        });
        onOpenChange(false);
      },
      onError: (error) =>
        showToast({
          title: 'Import not deleted',
          description: isApiError(error) ? error.message : 'Please try again in a moment.',
          type: 'error',
        }),
    });
  };
  return (
    <ConfirmDeleteDialog
      isOpen={item !== null}
      onOpenChange={onOpenChange}
      title="Delete this import?"
      description={
        item
          ? `The lines of ${item.fileName} leave your revenue, songs and ROI. Lines another import also holds stay. Nothing else is touched, and you can upload the file again later.`
          : undefined
      }
      confirmLabel="Delete import"
      isPending={remove.isPending}
      onConfirm={onDelete}
    />
  );
}
