import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => {
  const base = vi.fn();
  return Object.assign(base, { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() });
});
vi.mock('sonner', () => ({ toast: sonner }));

const { connectToastPresenter, showConnectionErrorToast, showToast, waitingToasts } =
  await import('./toast');
const { presentToast } = await import('./toast-presenter');
const { getToastDuration, pickToastMessage, TOAST_DURATIONS, toastMessagePools } =
  await import('./toast-messages');
const { createSeededRandom } = await import('./random');

beforeEach(() => {
  vi.clearAllMocks();
  connectToastPresenter(presentToast);
});

describe('toasts', () => {
  it('uses the spec durations', () => {
    expect(TOAST_DURATIONS).toEqual({
      default: 5000,
      success: 5000,
      error: 6000,
      motivational: 6000,
      celebration: 7000,
      insight: 8000,
      warning: 10000,
    });
    expect(getToastDuration()).toBe(5000);
  });

  it('maps each type to a duration and passes the action', () => {
    const onClick = vi.fn();
    showToast({ title: 'Yay', type: 'celebration', action: { label: 'View', onClick } });
    expect(sonner.success).toHaveBeenCalledWith(
      'Yay',
      expect.objectContaining({ duration: 7000, action: { label: 'View', onClick } }),
    );
    showToast({ title: 'Hmm', type: 'insight' });
    expect(sonner.info).toHaveBeenCalledWith('Hmm', expect.objectContaining({ duration: 8000 }));
    showToast({ title: 'Careful', type: 'warning' });
    expect(sonner.warning).toHaveBeenCalledWith(
      'Careful',
      expect.objectContaining({ duration: 10000 }),
    );
    showToast({ title: 'Oops', type: 'error' });
    expect(sonner.error).toHaveBeenCalledWith('Oops', expect.objectContaining({ duration: 6000 }));
    showToast({ title: 'Done', type: 'success' });
    expect(sonner.success).toHaveBeenLastCalledWith(
      'Done',
      expect.objectContaining({ duration: 5000 }),
    );
    showToast({ title: 'Plain' });
    expect(sonner).toHaveBeenCalledWith('Plain', expect.objectContaining({ duration: 5000 }));
  });

  it('shows the Connection Error toast with the spec text', () => {
    showConnectionErrorToast();
    expect(sonner.error).toHaveBeenCalledWith(
      'Connection Error',
      expect.objectContaining({
        description: 'Having trouble connecting. Please check your internet connection.',
        duration: 6000,
      }),
    );
  });

  it('keeps toasts in order until the toaster loads, then shows them first', () => {
    connectToastPresenter(null);
    const first = showToast({ title: 'First', type: 'success' });
    showConnectionErrorToast();
    showToast({ title: 'Third' });
    showConnectionErrorToast();
    expect(sonner.success).not.toHaveBeenCalled();
    expect(waitingToasts.read().map((toast) => toast.title)).toEqual([
      'First',
      'Third',
      'Connection Error',
    ]);
    expect(waitingToasts.read()[0]).toMatchObject({ id: first, kind: 'success', duration: 5000 });

    connectToastPresenter(presentToast);
    expect(waitingToasts.read()).toEqual([]);
    expect(sonner.success).toHaveBeenCalledWith('First', expect.objectContaining({ id: first }));
    expect(sonner.error).toHaveBeenCalledTimes(1);
    expect(sonner).toHaveBeenCalledWith('Third', expect.anything());
    showToast({ title: 'Later', type: 'warning' });
    expect(sonner.warning).toHaveBeenCalledWith('Later', expect.anything());
  });

  it('draws artist-flavoured messages from each pool', () => {
    for (const pool of ['celebration', 'insight', 'warning', 'motivational'] as const) {
      expect(toastMessagePools[pool].length).toBeGreaterThan(2);
      const message = pickToastMessage(pool, createSeededRandom(7));
      expect(toastMessagePools[pool]).toContain(message);
    }
  });
});
