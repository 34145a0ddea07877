import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/testing/render';
import { openAssistant, takePendingAssistantOpen } from '@/lib/assistant-events';
import { readPanelSession, writePanelSession } from '../utils/panel-session';
import { AssistantMount } from './assistant-mount';

const client = vi.hoisted(() => ({ apiClient: { get: vi.fn(), patch: vi.fn(), delete: vi.fn() } }));
vi.mock('@/lib/api-client', () => client);

const message = (id: string, role: 'user' | 'assistant', content: string) => ({
  id,
  role,
  content,
  sources: [],
  createdAt: '2026-11-27T10:00:00.000Z',
});

function mountAssistant() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AssistantMount />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  sessionStorage.clear();
  client.apiClient.get.mockReset();
});

describe('AssistantMount after a reload', () => {
  it(
    'reopens the panel with the conversation it showed, read from the server',
    { timeout: 30_000 },
    async () => {
      writePanelSession({ isOpen: true, conversationId: 'conversation-1' });
      client.apiClient.get.mockImplementation(
        async (url: string, options?: { params?: unknown }) => {
          if (url === '/v1/chat/history') {
            expect(options?.params).toEqual({ conversationId: 'conversation-1', pageSize: 200 });
            return {
              data: {
                items: [
                  message('m1', 'user', 'Where are my fans?'),
                  message('m2', 'assistant', 'Your audience by countries: Italy first.'),
                ],
                total: 2,
                page: 1,
                pageSize: 200,
              },
            };
          }
          return { data: { questions: [] } };
        },
      );
      mountAssistant();
      // The panel is a lazily loaded chunk: the first render waits for it.
      expect(await screen.findByText('Where are my fans?', {}, { timeout: 15_000 })).toBeTruthy();
      expect(await screen.findByText(/Italy first/)).toBeTruthy();
      expect(readPanelSession()).toEqual({ isOpen: true, conversationId: 'conversation-1' });
    },
  );

  it(
    'stays closed when it was closed, and forgets a conversation the server no longer has',
    { timeout: 30_000 },
    async () => {
      mountAssistant();
      expect(screen.queryByRole('dialog')).toBeNull();

      writePanelSession({ isOpen: true, conversationId: 'gone' });
      client.apiClient.get.mockImplementation(async (url: string) => {
        if (url === '/v1/chat/history')
          throw Object.assign(new Error('Conversation not found'), { status: 404 });
        return { data: { questions: ['What should I post next?'] } };
      });
      mountAssistant();
      expect(
        await screen.findByText('What should I post next?', {}, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(readPanelSession().conversationId).toBeNull();
    },
  );
});

describe('AssistantMount loaded after a click', () => {
  it(
    'opens for a header click made before its listener loaded (the mount is a lazy chunk)',
    { timeout: 30_000 },
    async () => {
      client.apiClient.get.mockResolvedValue({
        data: { questions: [], items: [], total: 0, page: 1, pageSize: 200 },
      });
      openAssistant();
      mountAssistant();
      expect(
        await screen.findByRole('dialog', { name: 'Assistant' }, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(readPanelSession().isOpen).toBe(true);
      // Taken once: a later mount does not open it again.
      expect(takePendingAssistantOpen()).toBeNull();
    },
  );
});
