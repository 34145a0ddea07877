import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { SHORTCUT_HELP } from '@/lib/shortcut-help';

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Keyboard Shortcuts"
        description="Move around Crescendo without leaving the keyboard."
      >
        <dl className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {SHORTCUT_HELP.map((shortcut) => (
            <div key={shortcut.keys} className="flex items-center justify-between gap-4 py-2.5">
              <dt className="text-sm text-zinc-700 dark:text-zinc-300">{shortcut.description}</dt>
              <dd>
                <kbd className="rounded-md border border-zinc-300 bg-zinc-50 px-2 py-1 font-mono text-xs text-zinc-800 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
                  {shortcut.keys}
                </kbd>
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
