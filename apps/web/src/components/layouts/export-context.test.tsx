import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { ExportButton } from './app-shell';
import { ExportProvider, useRegisterExport, type ExportPayload } from './export-context';

const toasts = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('@/lib/toast', () => toasts);

let saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  saved = [];
  let lastBlob: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      lastBlob = blob;
      return 'blob:test';
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: lastBlob! });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

function Page({ payload }: { payload: ExportPayload }) {
  useRegisterExport(payload);
  return null;
}

describe('export context', () => {
  it('still downloads a JSON payload registered the old way', async () => {
    render(
      <ExportProvider>
        <Page payload={{ fileName: 'crescendo-dashboard.json', data: { views: 12 } }} />
        <ExportButton />
      </ExportProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Export/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('crescendo-dashboard.json');
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual({ views: 12 });
    expect(toasts.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Export ready' }),
    );
  });

  it('runs the latest custom action of a page', async () => {
    const calls: string[] = [];
    function ActionPage() {
      const [filter, setFilter] = useState('first');
      useRegisterExport({
        fileName: 'crescendo-content.csv',
        download: async () => {
          calls.push(filter);
        },
      });
      return (
        <button type="button" onClick={() => setFilter('second')}>
          Change filter
        </button>
      );
    }
    render(
      <ExportProvider>
        <ActionPage />
        <ExportButton />
      </ExportProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change filter' }));
    fireEvent.click(screen.getByRole('button', { name: /^Export/ }));
    await waitFor(() => expect(calls).toEqual(['second']));
    expect(saved).toHaveLength(0);
  });

  it('shows no Export button when there is nothing to export, and says when an export fails', async () => {
    const { rerender } = render(
      <ExportProvider>
        <Page payload={null} />
        <ExportButton />
      </ExportProvider>,
    );
    expect(screen.queryByRole('button', { name: /^Export/ })).toBeNull();
    rerender(
      <ExportProvider>
        <Page
          payload={{ fileName: 'x.csv', download: () => Promise.reject(new Error('offline')) }}
        />
        <ExportButton />
      </ExportProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Export/ }));
    });
    await waitFor(() =>
      expect(toasts.showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Export failed', type: 'error' }),
      ),
    );
  });

  it('says why the API refused a download (a plan limit), from the wire error the CSV request got as a Blob', async () => {
    const message = 'Your Free plan includes 3 exports a month. Upgrade to Starter to go further.';
    // As the API client rejects it: its status, and the Blob body it could not read as details.
    const refusal = new ApiError(
      'Server error occurred',
      'SERVER_ERROR',
      403,
      new Blob([JSON.stringify({ error: { code: 'PLAN_LIMIT', message } })], {
        type: 'application/json',
      }),
    );
    render(
      <ExportProvider>
        <Page payload={{ fileName: 'x.csv', download: () => Promise.reject(refusal) }} />
        <ExportButton />
      </ExportProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Export/ }));
    });
    await waitFor(() =>
      expect(toasts.showToast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Export failed', description: message, type: 'error' }),
      ),
    );
    expect(saved).toHaveLength(0);
  });
});
