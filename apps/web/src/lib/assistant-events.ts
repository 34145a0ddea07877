/*
 * Opens the assistant from anywhere (the header, a dashboard card) without importing it: the app
 * layer mounts the assistant and listens for this event.
 */
export const ASSISTANT_OPEN_EVENT = 'crescendo:open-assistant';

export type AssistantOpenDetail = { question?: string };

export function openAssistant(question?: string): void {
  window.dispatchEvent(
    new CustomEvent<AssistantOpenDetail>(ASSISTANT_OPEN_EVENT, {
      detail: question ? { question } : {},
    }),
  );
}

/** Ctrl+K (⌘K on a Mac): clear of the spec's Ctrl+D/Y/S/H, Ctrl+Shift+T/E, / and ?. */
export const ASSISTANT_SHORTCUT_LABEL = 'Ctrl + K';

export function isAssistantShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.shiftKey &&
    !event.altKey &&
    event.key.toLowerCase() === 'k'
  );
}
