import { toast as sonnerToast } from 'sonner';
import {
  CONNECTION_ERROR_DESCRIPTION,
  CONNECTION_ERROR_TITLE,
  getToastDuration,
  pickToastMessage,
  type ToastType,
} from './toast-messages';

/** Spec §3 toast. */
export type ToastInput = {
  id?: string;
  title: string;
  description?: string;
  type?: ToastType | 'motivational';
  duration?: number;
  action?: { label: string; onClick: () => void };
};

export function showToast({
  id,
  title,
  description,
  type,
  duration,
  action,
}: ToastInput): string | number {
  const options = {
    id,
    description,
    duration: duration ?? getToastDuration(type),
    action: action ? { label: action.label, onClick: action.onClick } : undefined,
  };
  switch (type) {
    case 'success':
    case 'celebration':
      return sonnerToast.success(title, options);
    case 'error':
      return sonnerToast.error(title, options);
    case 'warning':
      return sonnerToast.warning(title, options);
    case 'insight':
    case 'motivational':
      return sonnerToast.info(title, options);
    default:
      return sonnerToast(title, options);
  }
}

export function showPooledToast(pool: 'celebration' | 'insight' | 'warning' | 'motivational') {
  const message = pickToastMessage(pool);
  return showToast({ ...message, type: pool });
}

export function showConnectionErrorToast() {
  return showToast({
    id: 'connection-error',
    title: CONNECTION_ERROR_TITLE,
    description: CONNECTION_ERROR_DESCRIPTION,
    type: 'error',
  });
}
