import { maxImportFileBytes } from '@crescendo/contracts';
import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';
import { useUploadImport } from '../api/upload-import';
import { describeTooLarge, maxFileSizeLabel } from './import-labels';
import { UploadRow, type Upload } from './upload-row';

let nextUploadKey = 0;

/**
 * Drop or pick one or more statements and exports: each file goes in its own request, shows its
 * upload progress, then how its reading goes. A file over the size limit is refused here, before a
 * byte is sent; a file the server cannot read says why next to its name.
 */
export function ImportUploader({ className }: { className?: string }) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [isDragging, setIsDragging] = useState(false);
  const [keepFile, setKeepFile] = useState(false);
  const keepFileHintId = useId();
  const upload = useUploadImport();
  const { canEdit, readOnlyReason } = useOrganizationAccess();

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );

  const start = (files: File[]) => {
    const added: Upload[] = files.map((file) => {
      const key = `upload-${(nextUploadKey += 1)}`;
      return file.size > maxImportFileBytes
        ? {
            key,
            file,
            state: 'refused',
            progress: 0,
            message: describeTooLarge(file),
            importId: null,
          }
        : { key, file, state: 'uploading', progress: 0, message: null, importId: null };
    });
    setUploads((current) => [...added, ...current]);
    for (const item of added) {
      if (item.state !== 'uploading') continue;
      upload
        .mutateAsync({
          file: item.file,
          keepFile,
          onProgress: (fraction) => patch(item.key, { progress: fraction }),
        })
        .then(
          ({ import: created }) =>
            patch(item.key, { state: 'sent', progress: 1, importId: created.id }),
          (error: unknown) =>
            patch(item.key, {
              state: 'failed',
              message: isApiError(error) ? error.message : 'The upload failed. Please try again.',
            }),
        );
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    if (!canEdit) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) start(files);
  };

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
          checked={keepFile}
          disabled={!canEdit}
          aria-describedby={keepFileHintId}
          onChange={(event) => setKeepFile(event.target.checked)}
        />
        <span className="flex flex-col gap-0.5">
          <span className="font-medium">Keep a copy of the original file</span>
          <span id={keepFileHintId} className="text-xs text-zinc-600 dark:text-zinc-400">
            Off by default, because a statement holds your earnings line by line and Crescendo needs
            only the lines it reads; a kept file can be downloaded from the history until you delete
            its import.
          </span>
        </span>
      </label>
      <div
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (canEdit) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          isDragging
            ? 'border-brand-500 bg-brand-50 dark:bg-brand-900/30'
            : 'border-zinc-300 dark:border-zinc-700',
          !canEdit && 'opacity-70',
        )}
      >
        <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
          <FileUp className="h-5 w-5" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium">Drop statements or Spotify for Artists exports here</p>
        <p id={hintId} className="max-w-md text-xs text-zinc-600 dark:text-zinc-400">
          {canEdit
            ? `One or more files, up to ${maxFileSizeLabel} each. The format is recognised from the file’s header row.`
            : readOnlyReason}
        </p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Files to import"
          disabled={!canEdit}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared, so choosing the same file again (after fixing it) starts a new upload.
            event.target.value = '';
            if (files.length > 0) start(files);
          }}
        />
        <Button
          variant="secondary"
          disabled={!canEdit}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          Choose files
        </Button>
      </div>
      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="flex flex-col gap-2">
          {uploads.map((item) => (
            <UploadRow
              key={item.key}
              upload={item}
              onDismiss={() =>
                setUploads((current) => current.filter((other) => other.key !== item.key))
              }
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
