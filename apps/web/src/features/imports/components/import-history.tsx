import type { Import } from '@crescendo/contracts';
import { Download, FileSpreadsheet, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn, type SortOrder } from '@/components/analytics/data-table';
import { AsyncErrorView } from '@/components/errors/async-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDate, formatDateTime, formatFullNumber } from '@/lib/format';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';
import { useDownloadImportFile } from '../api/download-import-file';
import { useImports } from '../api/list-imports';
import { ImportDeleteDialog } from './import-delete-dialog';
import {
  describePeriod,
  describeTotals,
  importFormatLabels,
  importSourceLabels,
  statusLabels,
  statusTones,
} from './import-labels';
import { ImportRejectionsDialog } from './import-rejections-dialog';

type SortKey = 'createdAt' | 'rowsImported';

function sortImports(imports: Import[], key: SortKey, order: SortOrder): Import[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...imports].sort((left, right) => {
    const difference =
      key === 'createdAt' ? left.createdAt.localeCompare(right.createdAt) : left[key] - right[key];
    return difference * direction;
  });
}

/** The format's name says its source ("DistroKid …"); say the source too when it does not. */
function describeSourceAndFormat(item: Import): string {
  const format = importFormatLabels[item.format];
  const source = importSourceLabels[item.source];
  return format.startsWith(source) ? format : `${source} · ${format}`;
}

/** "Dec 2025 – Oct 2026", allowed to break only after the dash. */
function PeriodCell({ text }: { text: string }) {
  const [from, to] = text.split(' – ');
  if (to === undefined) return <>{text}</>;
  return (
    <span className="whitespace-normal">
      <span className="whitespace-nowrap">{from} –</span>{' '}
      <span className="whitespace-nowrap">{to}</span>
    </span>
  );
}

/** "Already imported on Mar 3, 2026" when the very same content came in before. */
function describeDuplicate(item: Import, imports: Import[]): string | null {
  if (!item.duplicateOf) return null;
  const earlier = imports.find((other) => other.id === item.duplicateOf);
  return earlier
    ? `Already imported on ${formatDate(earlier.createdAt)}`
    : 'Already imported before';
}

function buildColumns({
  imports,
  canEdit,
  onShowRejections,
  onDelete,
  onDownload,
}: {
  imports: Import[];
  canEdit: boolean;
  onShowRejections: (item: Import) => void;
  onDelete: (item: Import) => void;
  onDownload: (item: Import) => void;
}): DataColumn<Import>[] {
  const columns: DataColumn<Import>[] = [
    {
      id: 'file',
      header: 'File',
      cell: (item) => {
        const duplicate = describeDuplicate(item, imports);
        return (
          <div className="flex min-w-0 flex-col gap-0.5">
            <span className="truncate font-medium" title={item.fileName}>
              {item.fileName}
            </span>
            <span className="text-xs text-zinc-600 dark:text-zinc-400">
              {describeSourceAndFormat(item)}
            </span>
            {item.isFileKept ? (
              <button
                type="button"
                className="flex w-fit items-center gap-1 text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300"
                onClick={() => onDownload(item)}
                aria-label={`Download the original file ${item.fileName}`}
              >
                <Download className="h-3.5 w-3.5" aria-hidden="true" />
                Download original
              </button>
            ) : null}
            {duplicate ? (
              <span className="text-xs text-amber-800 dark:text-amber-300">{duplicate}</span>
            ) : null}
            {item.status === 'failed' && item.error ? (
              <span className="text-xs whitespace-normal text-red-700 dark:text-red-400">
                {item.error}
              </span>
            ) : null}
          </div>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      cell: (item) => <Badge tone={statusTones[item.status]}>{statusLabels[item.status]}</Badge>,
    },
    {
      id: 'period',
      header: 'Period covered',
      // Allowed to wrap (the table's cells do not), so the history fits beside the navigation.
      cell: (item) => <PeriodCell text={describePeriod(item.period)} />,
    },
    {
      id: 'lines',
      header: 'Lines',
      sortKey: 'rowsImported',
      align: 'right',
      cell: (item) => (
        <span className="flex flex-col items-end text-xs leading-5">
          <span className="text-sm font-medium">
            {formatFullNumber(item.rowsImported)} imported
          </span>
          {item.rowsRejected > 0 ? (
            <button
              type="button"
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300"
              onClick={() => onShowRejections(item)}
              aria-label={`See the ${formatFullNumber(item.rowsRejected)} rejected lines of ${item.fileName}`}
            >
              {formatFullNumber(item.rowsRejected)} rejected
            </button>
          ) : (
            <span className="text-zinc-600 dark:text-zinc-400">0 rejected</span>
          )}
          <span className="text-zinc-600 dark:text-zinc-400">
            {formatFullNumber(item.rowsDuplicate)} duplicates
          </span>
        </span>
      ),
    },
    {
      id: 'totals',
      header: 'Totals',
      cell: (item) => (
        <span className="flex flex-col text-xs leading-5">
          {describeTotals(item)
            .split(' · ')
            .map((part) => (
              <span key={part}>{part}</span>
            ))}
        </span>
      ),
    },
    {
      id: 'uploaded',
      header: 'Uploaded',
      sortKey: 'createdAt',
      cell: (item) => (
        <span className="flex flex-col whitespace-normal">
          <span>{item.uploadedBy?.name ?? 'Crescendo (demo data)'}</span>
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            {formatDateTime(item.createdAt)}
          </span>
        </span>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      cell: (item) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete import ${item.fileName}`}
          onClick={() => onDelete(item)}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete
        </Button>
      ),
    });
  }
  return columns;
}

/** Every import, newest first: what it held, what was skipped, who brought it in. */
export function ImportHistory() {
  const query = useImports();
  const { canEdit } = useOrganizationAccess();
  const [sort, setSort] = useState<{ key: SortKey; order: SortOrder }>({
    key: 'createdAt',
    order: 'desc',
  });
  const [rejectionsOf, setRejectionsOf] = useState<Import | null>(null);
  const [deleting, setDeleting] = useState<Import | null>(null);
  const { mutate: downloadFile } = useDownloadImportFile();
  const imports = useMemo(() => query.data?.imports ?? [], [query.data]);
  const rows = useMemo(() => sortImports(imports, sort.key, sort.order), [imports, sort]);
  const columns = useMemo(
    () =>
      buildColumns({
        imports,
        canEdit,
        onShowRejections: setRejectionsOf,
        onDelete: setDeleting,
        onDownload: (item) => downloadFile(item),
      }),
    [imports, canEdit, downloadFile],
  );

  if (query.isError) {
    return (
      <div className="p-4">
        <AsyncErrorView error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return (
    <>
      <DataTable
        id="imports-history"
        label="Import history"
        columns={columns}
        rows={rows}
        getRowId={(item) => item.id}
        sort={sort}
        onSortChange={(key, order) => setSort({ key: key as SortKey, order })}
        isLoading={query.isPending}
        skeletonRows={3}
        // Seven columns beside the navigation at 1280 px: file names truncate sooner.
        titleWidth="w-[30%] max-w-[18rem] min-w-[12rem]"
        emptyState={
          <EmptyState
            icon={FileSpreadsheet}
            title="Nothing imported yet"
            description="Your statements and Spotify for Artists exports appear here once you upload them."
          />
        }
      />
      <ImportRejectionsDialog item={rejectionsOf} onOpenChange={() => setRejectionsOf(null)} />
      <ImportDeleteDialog item={deleting} onOpenChange={() => setDeleting(null)} />
    </>
  );
}
