import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { readErrorMessage } from '@/lib/error-classification';

/** Spec §2 'Async Operation Failed' view for a failed section, with Retry. */
export function AsyncErrorView({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = readErrorMessage(error) || 'Something went wrong while loading this section.';
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
    >
      <div className="flex items-center gap-2">
        <CircleAlert className="h-5 w-5" aria-hidden="true" />
        <h3 className="font-semibold">Async Operation Failed</h3>
      </div>
      <p className="text-sm">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
