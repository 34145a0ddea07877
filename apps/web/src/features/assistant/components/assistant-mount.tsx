import { lazy, Suspense, useEffect, useState } from 'react';
import {
  ASSISTANT_OPEN_EVENT,
  isAssistantShortcut,
  takePendingAssistantOpen,
  type AssistantOpenDetail,
} from '@/lib/assistant-events';
import { isTypingTarget } from '@/lib/shortcuts';
import { readPanelSession, writePanelSession } from '../utils/panel-session';

const AssistantPanel = lazy(() =>
  import('./assistant-panel-with-data').then((module) => ({
    default: module.AssistantPanelWithData,
  })),
);

/**
 * Listens for the header button, Ctrl+K and "Explain this", and opens the assistant panel (loaded
 * on first use, so pages that never open it do not pay for it).
 */
export function AssistantMount() {
  // A reload with the panel open reopens it (with its conversation, which the panel restores).
  const [isOpen, setIsOpen] = useState(() => readPanelSession().isOpen);
  const [hasOpened, setHasOpened] = useState(isOpen);
  const [request, setRequest] = useState<{ question: string; at: number } | null>(null);

  useEffect(() => {
    const open = (detail: AssistantOpenDetail | null | undefined) => {
      setIsOpen(true);
      setHasOpened(true);
      if (detail?.question) setRequest({ question: detail.question, at: Date.now() });
    };
    const onOpen = (event: Event) => {
      takePendingAssistantOpen();
      open((event as CustomEvent<AssistantOpenDetail>).detail);
    };
    // A click on the header button (or "Explain this") made before this listener loaded.
    const missed = takePendingAssistantOpen();
    if (missed) open(missed);
    const onKey = (event: KeyboardEvent) => {
      if (!isAssistantShortcut(event) || isTypingTarget(event.target)) return;
      event.preventDefault();
      setHasOpened(true);
      setIsOpen((open) => !open);
    };
    window.addEventListener(ASSISTANT_OPEN_EVENT, onOpen);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener(ASSISTANT_OPEN_EVENT, onOpen);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  useEffect(() => {
    if (hasOpened) writePanelSession({ isOpen });
  }, [isOpen, hasOpened]);

  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <AssistantPanel isOpen={isOpen} onOpenChange={setIsOpen} request={request} />
    </Suspense>
  );
}
