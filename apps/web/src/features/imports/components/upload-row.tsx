import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { formatFullNumber } from '@/lib/format';
import { useImport } from '../api/get-import';
import { isImportSettled, refreshImportedFigures } from '../api/import-keys';
import { formatFileSize, statusLabels, statusTones } from './import-labels';

export type Upload = {
  key: string;
  file: File;
  /** refused: never sent (too big) · uploading · sent: the server has it · failed: refused there. */
  state: 'refused' | 'uploading' | 'sent' | 'failed';
  progress: number;
  message: string | null;
  importId: string | null;
};

function ReadingStatus({ importId, fileName }: { importId: string; fileName: string }) {
  const query = useImport(importId);
  const queryClient = useQueryClient();
  const item = query.data?.import;
  const isSettled = item ? isImportSettled(item.status) : false;
  const hasRefreshed = useRef(false);
  useEffect(() => {
    if (isSettled && !hasRefreshed.current) {
      hasRefreshed.current = true;
      void refreshImportedFigures(queryClient);
    }
  }, [isSettled, queryClient]);

  if (!item) {
    return (
      <Progress value={null} label={`Reading ${fileName}`} valueText="Waiting for the server" />
    );
  }
  if (!isSettled) {
    return (
      <div className="flex flex-col gap-1">
        <Progress
          value={null}
          label={`Reading ${fileName}`}
          valueText={statusLabels[item.status]}
        />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{statusLabels[item.status]}…</p>
      </div>
    );
  }
  if (item.status === 'failed') {
    return (
      <p role="alert" className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
        <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {item.error ?? 'This file could not be read.'}
      </p>
    );
  }
  return (
    <p className="flex items-start gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
      <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {formatFullNumber(item.rowsImported)} lines imported
        {item.rowsRejected > 0 ? ` · ${formatFullNumber(item.rowsRejected)} skipped` : ''}
        {item.rowsDuplicate > 0 ? ` · ${formatFullNumber(item.rowsDuplicate)} already counted` : ''}
        {item.duplicateOf ? ' · this file was imported before' : ''}
      </span>
    </p>
  );
}

/** One chosen file: its size, its upload progress, then its reading status or why it was refused. */
export function UploadRow({ upload, onDismiss }: { upload: Upload; onDismiss: () => void }) {
  const { file } = upload;
  const percent = Math.round(upload.progress * 100);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{file.name}</p>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{formatFileSize(file.size)}</p>
        </div>
        <div className="flex items-center gap-1">
          {upload.state === 'refused' || upload.state === 'failed' ? (
            <Badge tone="danger">Not imported</Badge>
          ) : upload.state === 'uploading' ? (
            <Badge tone={statusTones.processing}>Uploading {percent}%</Badge>
          ) : null}
          {upload.state !== 'uploading' ? (
            <button
              type="button"
              onClick={onDismiss}
              aria-label={`Dismiss ${file.name}`}
              className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>
      {upload.state === 'uploading' ? (
        <Progress value={percent} label={`Uploading ${file.name}`} valueText={`${percent}% sent`} />
      ) : null}
      {upload.state === 'sent' && upload.importId ? (
        <ReadingStatus importId={upload.importId} fileName={file.name} />
      ) : null}
      {upload.message ? (
        <p role="alert" className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-400">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {upload.message}
        </p>
      ) : null}
    </li>
  );
}
