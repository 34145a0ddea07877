/*
 * Opens the assistant from anywhere (the header, a dashboard card) without importing it: the app
 * layer mounts the assistant and listens for this event.
 */
export const ASSISTANT_OPEN_EVENT = 'crescendo:open-assistant';

export type AssistantOpenDetail = { question?: string };

/**
 * The last request not yet handled: the mount loads lazily beside the page, so a click before it
 * listens is kept here and taken when it mounts (never lost, never replayed twice).
 */
let pendingOpen: AssistantOpenDetail | null = null;

export function openAssistant(question?: string): void {
  const detail: AssistantOpenDetail = question ? { question } : {};
  pendingOpen = detail;
  window.dispatchEvent(new CustomEvent<AssistantOpenDetail>(ASSISTANT_OPEN_EVENT, { detail }));
}

/** The request made before anyone listened (or null); taking it clears it. */
export function takePendingAssistantOpen(): AssistantOpenDetail | null {
  const detail = pendingOpen;
  pendingOpen = null;
  return detail;
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
