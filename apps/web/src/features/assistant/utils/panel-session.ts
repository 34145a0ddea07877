/**
 * Whether the assistant panel is open and which conversation it shows, kept for the tab
 * (sessionStorage), so a reload reopens the panel with the same conversation. The conversation
 * itself is stored on the server; only its id is kept here.
 */
export type PanelSession = { isOpen: boolean; conversationId: string | null };

const key = 'crescendo:assistant-panel';
const closed: PanelSession = { isOpen: false, conversationId: null };

export function readPanelSession(): PanelSession {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return closed;
    const parsed = JSON.parse(raw) as Partial<PanelSession>;
    return {
      isOpen: parsed.isOpen === true,
      conversationId: typeof parsed.conversationId === 'string' ? parsed.conversationId : null,
    };
  } catch {
    return closed;
  }
}

export function writePanelSession(change: Partial<PanelSession>): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ ...readPanelSession(), ...change }));
  } catch {
    // Storage refused (private mode, quota): the panel still works, it is only not restored.
  }
}
