/*
 * What the "?" dialog lists: the shortcuts `lib/shortcuts.ts` matches, in words. A module of its
 * own so its text loads with the dialog, not in every page's start-up chunk (decision 0006).
 */

export const SHORTCUT_HELP: readonly { keys: string; description: string }[] = [
  { keys: 'Ctrl + D', description: 'Go to the dashboard' },
  { keys: 'Ctrl + Y', description: 'Go to YouTube analytics' },
  { keys: 'Ctrl + S', description: 'Go to settings' },
  { keys: 'Ctrl + H', description: 'Go home' },
  { keys: 'Ctrl + Shift + T', description: 'Cycle theme: light, dark, system' },
  { keys: 'Ctrl + Shift + E', description: 'Export the current view' },
  { keys: 'Ctrl + K', description: 'Open or close the assistant' },
  { keys: '/', description: 'Focus search' },
  { keys: '?', description: 'Show keyboard shortcuts' },
];
