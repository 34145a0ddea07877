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

/** How a toast looks in the toaster: success, error, warning, info or plain. */
type ToastKind = 'success' | 'error' | 'warning' | 'info' | 'plain';

/** A toast ready for the toaster: its id, look and duration resolved. */
export type ToastRequest = {
  id: string | number;
  title: string;
  description?: string;
  kind: ToastKind;
  duration: number;
  action?: { label: string; onClick: () => void };
};

const kindByType: Record<NonNullable<ToastInput['type']>, ToastKind> = {
  success: 'success',
  celebration: 'success',
  error: 'error',
  warning: 'warning',
  insight: 'info',
  motivational: 'info',
};

type Presenter = (toast: ToastRequest) => void;

/*
 * The toaster (sonner) loads with the first toast rather than with every page (decision 0006).
 * Until it has, toasts wait here in order; the toast host shows them plainly if it cannot load.
 */
let presenter: Presenter | null = null;
let waiting: readonly ToastRequest[] = [];
const listeners = new Set<() => void>();

function setWaiting(next: readonly ToastRequest[]): void {
  waiting = next;
  listeners.forEach((listener) => listener());
}

export function showToast({
  id,
  title,
  description,
  type,
  duration,
  action,
}: ToastInput): string | number {
  const request: ToastRequest = {
    // The same message twice is one toast (shown again), never a stack of copies.
    id: id ?? `toast:${title}\n${description ?? ''}`,
    title,
    description,
    kind: type ? kindByType[type] : 'plain',
    duration: duration ?? getToastDuration(type),
    action: action ? { label: action.label, onClick: action.onClick } : undefined,
  };
  if (presenter) presenter(request);
  else setWaiting([...waiting.filter((toast) => toast.id !== request.id), request]);
  return request.id;
}

/** Toasts shown before the toaster loaded, oldest first, for the toast host. */
export const waitingToasts = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  read: (): readonly ToastRequest[] => waiting,
  dismiss(id: ToastRequest['id']): void {
    setWaiting(waiting.filter((toast) => toast.id !== id));
  },
};

/** The loaded toaster takes over: the waiting toasts first, then every new one. */
export function connectToastPresenter(next: Presenter | null): void {
  presenter = next;
  if (!next) return;
  const shown = waiting;
  setWaiting([]);
  shown.forEach(next);
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

export const PLAN_LIMIT_TITLE = 'Plan limit reached';

/** A 403 PLAN_LIMIT anywhere: say which limit, and offer the plans that lift it. */
export function showPlanLimitToast(description: string, onSeePlans: () => void) {
  return showToast({
    id: 'plan-limit',
    title: PLAN_LIMIT_TITLE,
    description,
    type: 'warning',
    action: { label: 'See plans', onClick: onSeePlans },
  });
}
