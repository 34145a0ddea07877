import type { ChatSource } from '@crescendo/contracts';
import { ChatMarkdown } from './chat-markdown';
import { SourceChips } from './source-chips';

export type ShownMessage = {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: ChatSource[];
  isStreaming?: boolean;
};

/** The questions offered before the first one is asked. */
export function SuggestedQuestions({
  questions,
  onAsk,
}: {
  questions: string[];
  onAsk: (question: string) => void;
}) {
  return (
    <section aria-label="Suggested questions" className="flex flex-col gap-3">
      <p className="text-zinc-600 dark:text-zinc-400">
        Ask about your own numbers: every figure comes from your connected accounts, with its
        source.
      </p>
      <ul className="flex flex-col gap-2">
        {questions.map((question) => (
          <li key={question}>
            <button
              type="button"
              className="w-full rounded-xl border border-zinc-200 px-3 py-2 text-left hover:border-brand-500 hover:bg-brand-50 dark:border-zinc-800 dark:hover:bg-brand-950/40"
              onClick={() => onAsk(question)}
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The conversation so far; an answer still streaming shows a placeholder until its first words. */
export function MessageList({
  messages,
  onFollowSource,
}: {
  messages: ShownMessage[];
  /** A source chip was followed (its page opens, so the panel closes). */
  onFollowSource: () => void;
}) {
  return (
    <ol className="flex flex-col gap-4" aria-label="Messages">
      {messages.map((message) => (
        <li
          key={message.id}
          data-role={message.role}
          className={
            message.role === 'user'
              ? 'ml-8 self-end rounded-2xl bg-brand-600 px-3 py-2 whitespace-pre-wrap text-white'
              : 'mr-4 rounded-2xl bg-zinc-100 px-3 py-2 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100'
          }
        >
          {message.role === 'user' ? (
            message.content
          ) : message.isStreaming && !message.content ? (
            <span className="text-zinc-500">Reading your numbers…</span>
          ) : (
            <>
              <ChatMarkdown markdown={message.content} />
              <SourceChips sources={message.sources} onFollow={onFollowSource} />
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
