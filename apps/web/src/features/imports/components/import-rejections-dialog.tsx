import type { Import } from '@crescendo/contracts';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { formatFullNumber } from '@/lib/format';

/** The lines an import skipped, with their line number and why (the first 100 are kept). */
export function ImportRejectionsDialog({
  item,
  onOpenChange,
}: {
  item: Import | null;
  onOpenChange: (open: boolean) => void;
}) {
  const shown = item?.rejections.length ?? 0;
  const total = item?.rowsRejected ?? 0;
  return (
    <Dialog open={item !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Rejected lines"
        description={
          item
            ? `${item.fileName}: ${formatFullNumber(total)} ${total === 1 ? 'line was' : 'lines were'} skipped; every other line was imported.${shown < total ? ` The first ${formatFullNumber(shown)} are listed.` : ''}`
            : undefined
        }
      >
        <table className="w-full text-sm" aria-label="Rejected lines">
          <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Line
              </th>
              <th scope="col" className="py-1 font-medium">
                Reason
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {item?.rejections.map((rejection) => (
              <tr key={rejection.line}>
                <td className="py-1.5 pr-3 align-top tabular-nums">{rejection.line}</td>
                <td className="py-1.5">{rejection.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
