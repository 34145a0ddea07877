import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { showToast } from '@/lib/toast';

/**
 * What the API said when it refused a download (a plan's export limit, a bad period): a CSV is
 * fetched as a Blob, so its wire-format error arrives as one too. Null when there is no sentence.
 */
async function readRefusal(error: unknown): Promise<string | null> {
  // The API client's error (status, and the Blob body as its details) or axios' own.
  const failed = error as {
    status?: number;
    details?: unknown;
    response?: { status?: number; data?: unknown };
  } | null;
  const status = failed?.response?.status ?? failed?.status;
  if (!status || status >= 500) return null;
  const data = failed?.response ? failed.response.data : failed?.details;
  try {
    const body = (data instanceof Blob ? JSON.parse(await data.text()) : data) as {
      error?: { message?: unknown };
    } | null;
    return typeof body?.error?.message === 'string' ? body.error.message : null;
  } catch {
    return null;
  }
}

/** A JSON snapshot the shell serialises itself. */
export type ExportData = { fileName: string; data: unknown };
/** A page-owned download (e.g. a CSV fetched from the API); it saves the file itself. */
export type ExportAction = { fileName: string; download: () => Promise<void> };
export type ExportPayload = ExportData | ExportAction | null;

type ExportContextValue = {
  payload: ExportPayload;
  setPayload: (payload: ExportPayload) => void;
};

const ExportContext = createContext<ExportContextValue | null>(null);

export function ExportProvider({ children }: { children: ReactNode }) {
  const [payload, setPayload] = useState<ExportPayload>(null);
  const value = useMemo(() => ({ payload, setPayload }), [payload]);
  return <ExportContext value={value}>{children}</ExportContext>;
}

export function useExportPayload(): ExportContextValue {
  return useContext(ExportContext) ?? { payload: null, setPayload: () => undefined };
}

export function isExportAction(payload: ExportPayload): payload is ExportAction {
  return payload !== null && typeof (payload as ExportAction).download === 'function';
}

/**
 * A page declares what the shell's Export button (and Ctrl+Shift+E) downloads: either JSON data
 * (`{ fileName, data }`) or its own action (`{ fileName, download }`). An action is re-registered
 * only when its file name changes; the latest `download` (with the page's current filters) runs.
 */
export function useRegisterExport(payload: ExportPayload): void {
  const { setPayload } = useExportPayload();
  const isAction = isExportAction(payload);
  const downloadRef = useRef<(() => Promise<void>) | null>(null);
  useEffect(() => {
    downloadRef.current = isExportAction(payload) ? payload.download : null;
  });
  const key = payload === null ? null : isAction ? payload.fileName : JSON.stringify(payload);
  useEffect(() => {
    if (key === null) {
      setPayload(null);
      return;
    }
    setPayload(
      isAction
        ? { fileName: key, download: () => downloadRef.current?.() ?? Promise.resolve() }
        : (JSON.parse(key) as ExportData),
    );
    return () => setPayload(null);
  }, [key, isAction, setPayload]);
}

/** Saves a blob under `fileName` through a temporary link. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadJson(fileName: string, data: unknown): void {
  downloadBlob(fileName, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
}

/** Runs an export and reports the outcome: the one place export toasts come from. */
export async function runExport(payload: ExportPayload): Promise<void> {
  if (!payload) {
    showToast({
      title: 'Nothing to export yet',
      description: 'Connect a platform and your reports will be ready to download here.',
      type: 'warning',
    });
    return;
  }
  try {
    if (isExportAction(payload)) await payload.download();
    else downloadJson(payload.fileName, payload.data);
  } catch (error) {
    showToast({
      title: 'Export failed',
      description:
        (await readRefusal(error)) ??
        'We couldn’t prepare your file. Please try again in a moment.',
      type: 'error',
    });
    return;
  }
  showToast({
    title: 'Export ready',
    description: `${payload.fileName} downloaded.`,
    type: 'success',
  });
}
