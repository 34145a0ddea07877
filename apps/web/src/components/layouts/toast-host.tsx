import { X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { connectToastPresenter, waitingToasts, type ToastRequest } from '@/lib/toast';
import { loadOnce } from '@/lib/load-once';

const presenterModule = loadOnce(() => import('@/lib/toast-presenter'));

/** Used only while the toaster cannot load (e.g. the connection is down): the same texts, plainly. */
function PlainToast({ toast }: { toast: ToastRequest }) {
  useEffect(() => {
    const timer = setTimeout(() => waitingToasts.dismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration]);
  return (
    <li
      role={toast.kind === 'error' ? 'alert' : 'status'}
      className="flex items-start gap-3 rounded-lg border border-zinc-200 bg-white p-4 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? (
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">{toast.description}</p>
        ) : null}
        {toast.action ? (
          <button
            type="button"
            className="mt-2 font-medium text-brand-700 underline dark:text-brand-300"
            onClick={() => {
              toast.action?.onClick();
              waitingToasts.dismiss(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Close toast"
        className="rounded text-zinc-500 hover:text-zinc-900 dark:hover:text-white"
        onClick={() => waitingToasts.dismiss(toast.id)}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/** Renders the toaster once there is a toast to show; loading it is part of showing the first. */
export function ToastHost({ theme }: { theme: 'light' | 'dark' }) {
  const waiting = useSyncExternalStore(waitingToasts.subscribe, waitingToasts.read);
  const [presenter, setPresenter] = useState(presenterModule.read);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    // A failed load is tried again with the next toast.
    if (presenter || waiting.length === 0) return;
    let isActive = true;
    presenterModule.load().then(
      (module) => {
        if (isActive) setPresenter(module);
      },
      () => {
        if (isActive) setHasFailed(true);
      },
    );
    return () => {
      isActive = false;
    };
  }, [presenter, waiting]);

  useEffect(() => {
    if (!presenter) return;
    connectToastPresenter(presenter.presentToast);
    return () => connectToastPresenter(null);
  }, [presenter]);

  if (presenter) return <presenter.SonnerToaster theme={theme} />;
  if (!hasFailed || waiting.length === 0) return null;
  return (
    <section
      aria-label="Notifications"
      className="fixed right-4 bottom-4 z-50 w-80 max-w-[calc(100vw-2rem)]"
    >
      <ol className="flex flex-col gap-2">
        {waiting.map((toast) => (
          <PlainToast key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
