export type ShortcutAction =
  | 'go-dashboard'
  | 'go-youtube'
  | 'go-settings'
  | 'go-home'
  | 'cycle-theme'
  | 'click-export'
  | 'focus-search'
  | 'open-help';

/** Shortcuts are ignored while typing in an input, textarea, select or editable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return true;
  return element.isContentEditable || element.getAttribute?.('contenteditable') === 'true';
}

type KeyLike = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey' | 'target'
>;

/** Maps a keydown to a spec §2 shortcut, or null. */
export function matchShortcut(event: KeyLike): ShortcutAction | null {
  if (isTypingTarget(event.target) || event.altKey || event.metaKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.ctrlKey && event.shiftKey) {
    if (key === 't') return 'cycle-theme';
    if (key === 'e') return 'click-export';
    return null;
  }
  if (event.ctrlKey) {
    if (key === 'd') return 'go-dashboard';
    if (key === 'y') return 'go-youtube';
    if (key === 's') return 'go-settings';
    if (key === 'h') return 'go-home';
    return null;
  }
  if (event.key === '?') return 'open-help';
  if (event.key === '/' && !event.shiftKey) return 'focus-search';
  return null;
}

export const SEARCH_INPUT_SELECTOR = '[data-shortcut="search"]';
export const EXPORT_BUTTON_SELECTOR = '[data-shortcut="export"]';
