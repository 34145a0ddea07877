import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type ExportPayload = { fileName: string; data: unknown } | null;

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

/** A page declares what the shell's Export button downloads. */
export function useRegisterExport(payload: ExportPayload): void {
  const { setPayload } = useExportPayload();
  const serialized = payload ? JSON.stringify(payload) : null;
  useEffect(() => {
    setPayload(serialized ? (JSON.parse(serialized) as ExportPayload) : null);
    return () => setPayload(null);
  }, [serialized, setPayload]);
}

export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
