import { renameConversationInputSchema, type Conversation } from '@crescendo/contracts';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { extractErrorMessage } from '@/lib/api-error-message';

function RenameForm({
  conversation,
  onRename,
  onDone,
}: {
  conversation: Conversation;
  onRename: (id: string, title: string) => Promise<void>;
  onDone: () => void;
}) {
  const [title, setTitle] = useState(conversation.title);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const errorId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The contract's own rule, so the messages match what the API would say.
    const parsed = renameConversationInputSchema.safeParse({ title });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Title is required');
      return;
    }
    setIsSaving(true);
    try {
      await onRename(conversation.id, parsed.data.title);
      onDone();
    } catch (caught) {
      setError(extractErrorMessage(caught));
      setIsSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      // Escape leaves the rename, not the assistant.
      event.preventDefault();
      event.stopPropagation();
      onDone();
    }
  }

  return (
    <form className="flex min-w-0 flex-1 flex-col gap-1" onSubmit={(event) => void onSubmit(event)}>
      <div className="flex items-center gap-1">
        <Input
          aria-label={`New title for “${conversation.title}”`}
          className="h-9 min-w-0 flex-1"
          value={title}
          maxLength={200}
          autoFocus
          hasError={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          aria-label="Save title"
          disabled={isSaving}
        >
          <Check className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Cancel rename"
          onClick={onDone}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="px-1 text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The assistant's history: open, rename (in place, Enter saves, Escape cancels) or delete. */
export function ConversationList({
  conversations,
  onOpen,
  onRename,
  onDelete,
}: {
  conversations: Conversation[] | undefined;
  onOpen: (id: string) => void;
  onRename: (id: string, title: string) => Promise<void>;
  onDelete: (id: string) => void;
}) {
  const [renamingId, setRenamingId] = useState<string | null>(null);
  return (
    <section aria-label="Conversations">
      {conversations?.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No conversations yet.</p>
      ) : null}
      <ul className="flex flex-col gap-1">
        {conversations?.map((conversation) => (
          <li key={conversation.id} className="flex items-center gap-1">
            {renamingId === conversation.id ? (
              <RenameForm
                conversation={conversation}
                onRename={onRename}
                onDone={() => setRenamingId(null)}
              />
            ) : (
              <>
                <button
                  type="button"
                  className="min-w-0 flex-1 truncate rounded-lg px-2 py-2 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800"
                  onClick={() => onOpen(conversation.id)}
                >
                  {conversation.title}
                </button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Rename “${conversation.title}”`}
                  onClick={() => setRenamingId(conversation.id)}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete “${conversation.title}”`}
                  onClick={() => onDelete(conversation.id)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
