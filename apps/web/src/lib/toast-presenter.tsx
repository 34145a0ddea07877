import { toast, Toaster } from 'sonner';
import type { ToastRequest } from './toast';

/** Shows a toast with sonner, in the look its kind asks for. */
export function presentToast({ id, title, description, kind, duration, action }: ToastRequest) {
  const options = { id, description, duration, action };
  switch (kind) {
    case 'success':
      return toast.success(title, options);
    case 'error':
      return toast.error(title, options);
    case 'warning':
      return toast.warning(title, options);
    case 'info':
      return toast.info(title, options);
    default:
      return toast(title, options);
  }
}

export function SonnerToaster({ theme }: { theme: 'light' | 'dark' }) {
  // Bottom corner: toasts never cover the header's search, export, theme and account buttons.
  return <Toaster theme={theme} richColors closeButton position="bottom-right" />;
}
