import { lazy, Suspense } from 'react';
import { AppShell } from '@/components/layouts/app-shell';
import { importWithChunkFallback } from '@/lib/chunk-errors';

/*
 * The signed-in frame as the app composes it: the shared shell plus what features add to it (the
 * shared shell cannot import features). It loads with the signed-in chunk, so none of this is in
 * the start-up chunks every page loads (/login's, decision 0006).
 */

// The header's bell (its list, Radix menu and queries) loads after the shell, never before it.
const LazyNotificationBell = lazy(
  importWithChunkFallback(() => import('@/features/notifications/components/notification-bell')),
);
// The assistant's listener (header button, Ctrl+K, "Explain this") is for signed-in pages only.
const LazyAssistantMount = lazy(
  importWithChunkFallback(() =>
    import('@/features/assistant/components/assistant-mount').then((module) => ({
      default: module.AssistantMount,
    })),
  ),
);
const headerActions = (
  <Suspense fallback={null}>
    <LazyNotificationBell />
  </Suspense>
);

export function SignedInShell() {
  return (
    <>
      <AppShell headerActions={headerActions} />
      <Suspense fallback={null}>
        <LazyAssistantMount />
      </Suspense>
    </>
  );
}
