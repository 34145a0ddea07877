import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatFullNumber } from '@/lib/format';

/** "Showing 1–25 of 120 videos", with Previous / Next when there is more than one page. */
export function Pagination({
  label,
  page,
  pageSize,
  total,
  shown,
  onPageChange,
  itemName = 'items',
}: {
  /** The navigation's accessible name, e.g. "Content pages". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  /** Rows on this page. */
  shown: number;
  onPageChange: (page: number) => void;
  itemName?: string;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return (
    <div className="flex flex-col gap-3 border-t border-zinc-200 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
      <p className="text-zinc-600 dark:text-zinc-400" aria-live="polite" aria-atomic="true">
        {total === 0
          ? `No ${itemName}`
          : `Showing ${formatFullNumber(first)}–${formatFullNumber(last)} of ${formatFullNumber(total)} ${itemName}`}
      </p>
      {pageCount > 1 ? (
        <nav aria-label={label} className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            Previous
          </Button>
          <span className="px-1 whitespace-nowrap text-zinc-600 tabular-nums dark:text-zinc-400">
            Page {formatFullNumber(Math.min(page, pageCount))} of {formatFullNumber(pageCount)}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Next
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
