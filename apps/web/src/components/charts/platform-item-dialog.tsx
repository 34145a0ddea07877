import type { ReactNode, RefObject } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { MISSING_VALUE } from '@/lib/format';
import { PlatformSkeleton } from './platform-skeleton';

/** One figure in an item's details; "—" reads as "not available" to screen readers. */
export function PlatformDetailStat({ label, value }: { label: string; value: string }) {
  const isMissing = value === MISSING_VALUE;
  return (
    <div className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
      <dt className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">
        {isMissing ? (
          <>
            <span aria-hidden="true" className="text-zinc-500">
              {MISSING_VALUE}
            </span>
            <span className="sr-only">Not available</span>
          </>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

/**
 * The details dialog of a table's item (a video, a post): `children` once the item is known,
 * a placeholder while it is looked up, else `unavailableMessage`. Focus goes back to the control
 * that opened it.
 */
export function PlatformItemDialog({
  isOpen,
  title,
  isLoading,
  unavailableMessage,
  onClose,
  returnFocusRef,
  children,
}: {
  isOpen: boolean;
  title: string;
  isLoading: boolean;
  unavailableMessage: string;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={title}
        className="max-w-xl"
        onCloseAutoFocus={(event) => {
          const opener = returnFocusRef?.current;
          if (opener?.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
      >
        {children ? (
          children
        ) : isLoading ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <PlatformSkeleton className="h-4 w-48" />
            <div className="grid grid-cols-3 gap-3">
              <PlatformSkeleton className="h-16" />
              <PlatformSkeleton className="h-16" />
              <PlatformSkeleton className="h-16" />
            </div>
          </div>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{unavailableMessage}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
