import type {
  ChatHistoryResponse,
  ChatStreamEvent,
  ChatStreamInput,
  Conversation,
} from '@crescendo/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { API_BASE_URL, REQUEST_ID_HEADER, createRequestId } from '@/lib/api-request';
import { resolveBearerToken } from '@/lib/api-session';

export const chatQueryKey = ['assistant'] as const;

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: [...chatQueryKey, 'conversations'],
    queryFn: async () =>
      (await apiClient.get<{ items: Conversation[] }>('/v1/chat/conversations')).data.items,
  });

export const historyQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: [...chatQueryKey, 'history', conversationId],
    queryFn: async () =>
      (
        await apiClient.get<ChatHistoryResponse>('/v1/chat/history', {
          params: { conversationId, pageSize: 200 },
        })
      ).data.items,
  });

export const suggestionsQueryOptions = () =>
  queryOptions({
    queryKey: [...chatQueryKey, 'suggestions'],
    queryFn: async () =>
      (await apiClient.get<{ questions: string[] }>('/v1/chat/suggestions')).data.questions,
  });

export async function renameConversation(id: string, title: string): Promise<Conversation> {
  return (
    await apiClient.patch<{ conversation: Conversation }>(`/v1/chat/conversations/${id}`, {
      title,
    })
  ).data.conversation;
}

export async function deleteConversation(id: string): Promise<void> {
  await apiClient.delete(`/v1/chat/conversations/${id}`);
}

export class ChatStreamError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * Sends a message (or a retry) and reads the server-sent events as they arrive. Resolves with the
 * last event (done or error); errors before the stream opens reject with their message.
 */
export async function streamMessage(
  input: ChatStreamInput,
  onEvent: (event: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const token = await resolveBearerToken();
  const response = await fetch(`${API_BASE_URL}/v1/chat/stream`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      [REQUEST_ID_HEADER]: createRequestId(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(input),
    credentials: 'include',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code: string; message: string };
    } | null;
    throw new ChatStreamError(
      body?.error?.message ?? 'The assistant could not answer just now.',
      body?.error?.code ?? 'INTERNAL',
    );
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) onEvent(JSON.parse(data.slice(6)) as ChatStreamEvent);
      end = buffer.indexOf('\n\n');
    }
  }
}
