import type { Import } from '@crescendo/contracts';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
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
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Delete this import?"
        description={
          item
            ? `The lines of ${item.fileName} leave your revenue, songs and ROI. Lines another import also holds stay. Nothing else is touched, and you can upload the file again later.`
            : undefined
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button variant="danger" onClick={onDelete} isLoading={remove.isPending}>
            Delete import
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
