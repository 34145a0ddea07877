import type { ChatMessage } from '@crescendo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowUp, History, MessageSquarePlus, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ASSISTANT_SHORTCUT_LABEL } from '@/lib/assistant-events';
import {
  ChatStreamError,
  chatQueryKey,
  conversationsQueryOptions,
  deleteConversation,
  renameConversation,
  historyQueryOptions,
  streamMessage,
  suggestionsQueryOptions,
} from '../api/chat-api';
import { readPanelSession, writePanelSession } from '../utils/panel-session';
import { ConversationList } from './conversation-list';
import { MessageList, SuggestedQuestions, type ShownMessage } from './message-list';

const maxLength = 2000;

/** The assistant: a side sheet (full screen on phones) with the conversation, history and input. */
export function AssistantPanel({
  isOpen,
  onOpenChange,
  request,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  request: { question: string; at: number } | null;
}) {
  const queryClient = useQueryClient();
  const [conversationId, setConversationId] = useState<string | null>(
    () => readPanelSession().conversationId,
  );
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<{ message: string; canRetry: boolean } | null>(null);
  const [isStreaming, setIsStreaming] = useState(false);
  const [isShowingHistory, setIsShowingHistory] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const suggestions = useQuery({ ...suggestionsQueryOptions(), enabled: isOpen });
  const conversations = useQuery({
    ...conversationsQueryOptions(),
    enabled: isOpen && isShowingHistory,
  });

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  useEffect(() => {
    writePanelSession({ conversationId });
  }, [conversationId]);

  // After a reload: the conversation the panel showed, read back from the server.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !conversationId || request) return;
    restored.current = true;
    openConversation(conversationId).catch(() => startNew());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render
  }, []);

  async function run(input: { message: string } | { retry: true }) {
    setError(null);
    setIsStreaming(true);
    const placeholder: ShownMessage = {
      id: `pending-${Date.now()}`,
      role: 'assistant',
      content: '',
      sources: [],
      isStreaming: true,
    };
    const question: ShownMessage | null =
      'message' in input
        ? { id: `question-${Date.now()}`, role: 'user', content: input.message, sources: [] }
        : null;
    setMessages((shown) => [...shown, ...(question ? [question] : []), placeholder]);
    const dropPlaceholder = () =>
      setMessages((shown) => shown.filter((message) => message.id !== placeholder.id));
    try {
      await streamMessage(
        'message' in input
          ? { message: input.message, ...(conversationId ? { conversationId } : {}) }
          : { conversationId: conversationId!, retry: true },
        (event) => {
          if (event.type === 'start') setConversationId(event.conversationId);
          if (event.type === 'delta')
            setMessages((shown) =>
              shown.map((message) =>
                message.id === placeholder.id
                  ? { ...message, content: message.content + event.text }
                  : message,
              ),
            );
          if (event.type === 'done')
            setMessages((shown) =>
              shown.map((message) =>
                message.id === placeholder.id
                  ? {
                      id: event.message.id,
                      role: 'assistant',
                      content: event.message.content,
                      sources: event.message.sources,
                    }
                  : message,
              ),
            );
          if (event.type === 'error') {
            dropPlaceholder();
            setError({ message: event.message, canRetry: true });
          }
        },
      );
    } catch (failure) {
      dropPlaceholder();
      // Refused before the question was stored (too long, too fast): it goes back to the input.
      if (question) {
        setMessages((shown) => shown.filter((message) => message.id !== question.id));
        setDraft(question.content);
      }
      setError({
        message:
          failure instanceof ChatStreamError
            ? failure.message
            : 'Having trouble connecting. Please check your internet connection.',
        canRetry: false,
      });
    } finally {
      setIsStreaming(false);
      void queryClient.invalidateQueries({ queryKey: [...chatQueryKey, 'conversations'] });
    }
  }

  function send(text: string) {
    const message = text.trim();
    if (!message || isStreaming) return;
    setDraft('');
    setIsShowingHistory(false);
    void run({ message });
  }

  function startNew() {
    setConversationId(null);
    setMessages([]);
    setError(null);
    setIsShowingHistory(false);
    inputRef.current?.focus();
  }

  // "Explain this" and other requests start a fresh conversation with their question.
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!request || handled.current === request.at || isStreaming) return;
    handled.current = request.at;
    setConversationId(null);
    setMessages([]);
    setIsShowingHistory(false);
    setDraft('');
    setError(null);
    void run({ message: request.question });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per request
  }, [request]);

  async function openConversation(id: string) {
    const history = await queryClient.fetchQuery(historyQueryOptions(id));
    setConversationId(id);
    setMessages(
      history.map((message: ChatMessage) => ({
        id: message.id,
        role: message.role,
        content: message.content,
        sources: message.sources,
      })),
    );
    setError(
      history.at(-1)?.role === 'user'
        ? { message: 'This question has no answer yet.', canRetry: true }
        : null,
    );
    setIsShowingHistory(false);
  }

  async function renameTitle(id: string, title: string) {
    await renameConversation(id, title);
    await queryClient.invalidateQueries({ queryKey: [...chatQueryKey, 'conversations'] });
  }

  async function removeConversation(id: string) {
    await deleteConversation(id);
    if (id === conversationId) startNew();
    void queryClient.invalidateQueries({ queryKey: [...chatQueryKey, 'conversations'] });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send(draft);
    }
  }

  const close = () => onOpenChange(false);

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title="Assistant"
        className="top-0 right-0 left-auto flex h-dvh max-h-dvh w-full max-w-full translate-x-0 translate-y-0 flex-col rounded-none p-4 sm:max-w-md sm:p-5"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <div className="-mt-2 mb-3 flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={startNew}>
            <MessageSquarePlus className="h-4 w-4" aria-hidden="true" />
            New conversation
          </Button>
          <Button
            variant={isShowingHistory ? 'primary' : 'ghost'}
            size="sm"
            aria-pressed={isShowingHistory}
            onClick={() => setIsShowingHistory((shown) => !shown)}
          >
            <History className="h-4 w-4" aria-hidden="true" />
            History
          </Button>
          <span className="ml-auto hidden text-xs text-zinc-500 sm:inline">
            {ASSISTANT_SHORTCUT_LABEL}
          </span>
        </div>

        <div className="min-h-0 flex-1 overflow-y-auto text-sm" aria-live="polite">
          {isShowingHistory ? (
            <ConversationList
              conversations={conversations.data}
              onOpen={(id) => void openConversation(id)}
              onRename={renameTitle}
              onDelete={(id) => void removeConversation(id)}
            />
          ) : messages.length === 0 ? (
            <SuggestedQuestions questions={suggestions.data ?? []} onAsk={send} />
          ) : (
            <MessageList messages={messages} onFollowSource={close} />
          )}
          {error ? (
            <Alert
              tone="danger"
              title={error.message}
              className="mt-4"
              action={
                error.canRetry && conversationId ? (
                  <Button size="sm" variant="secondary" onClick={() => void run({ retry: true })}>
                    <RotateCcw className="h-4 w-4" aria-hidden="true" />
                    Retry
                  </Button>
                ) : undefined
              }
            />
          ) : null}
          <div ref={endRef} />
        </div>

        <form onSubmit={onSubmit} className="mt-3 flex items-end gap-2">
          <label htmlFor="assistant-input" className="sr-only">
            Ask the assistant
          </label>
          <textarea
            id="assistant-input"
            ref={inputRef}
            value={draft}
            maxLength={maxLength}
            rows={2}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Ask about your views, followers, songs…"
            className="min-h-11 flex-1 resize-none rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900"
          />
          <Button
            type="submit"
            size="icon"
            aria-label="Send"
            disabled={isStreaming || !draft.trim()}
          >
            <ArrowUp className="h-5 w-5" aria-hidden="true" />
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
