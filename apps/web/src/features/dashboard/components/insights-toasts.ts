import type { Insight } from '@crescendo/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { showToast } from '@/lib/toast';
import { useMarkInsightSeen } from '../api/mark-insight-seen';
import { formatDaysInText } from './charts/dashboard-format';

/** More than this at once would bury each other; the rest wait for the next visit. */
export const MAX_INSIGHT_TOASTS_PER_VISIT = 3;

/*
 * Ids already toasted, per query client (one per app, a fresh one per test). Lives outside React
 * so StrictMode's double effects, remounts and refetches before the "seen" POST lands never show
 * the same insight twice.
 */
const toastedIds = new WeakMap<QueryClient, Set<string>>();

function toastedFor(queryClient: QueryClient): Set<string> {
  let ids = toastedIds.get(queryClient);
  if (!ids) {
    ids = new Set();
    toastedIds.set(queryClient, ids);
  }
  return ids;
}

/** The spec's toast type: 'celebration' for a milestone, 'warning' for a drop, 'insight' for a spike. */
export function toastTypeOf(insight: Pick<Insight, 'kind' | 'direction'>) {
  if (insight.kind === 'milestone') return 'celebration' as const;
  return insight.direction === 'down' ? ('warning' as const) : ('insight' as const);
}

/** Shows each new insight once as a toast (see `toastTypeOf`), then tells the API it was seen. */
export function useInsightToasts(insights: Insight[] | undefined, onOpen?: () => void) {
  const queryClient = useQueryClient();
  const { mutate: markSeen } = useMarkInsightSeen();
  // Counted per visit of the page, not per response: marking one seen updates the cached data.
  const shownThisVisit = useRef(0);
  useEffect(() => {
    if (!insights) return;
    const toasted = toastedFor(queryClient);
    const fresh = insights
      .filter((insight) => insight.isNew && !toasted.has(insight.id))
      .sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0))
      .slice(0, Math.max(0, MAX_INSIGHT_TOASTS_PER_VISIT - shownThisVisit.current));
    for (const insight of fresh) {
      toasted.add(insight.id);
      shownThisVisit.current += 1;
      showToast({
        id: `insight-${insight.id}`,
        title: formatDaysInText(insight.title),
        description: formatDaysInText(insight.description),
        type: toastTypeOf(insight),
        action: onOpen ? { label: 'View', onClick: onOpen } : undefined,
      });
      markSeen(insight.id);
    }
  }, [insights, queryClient, markSeen, onOpen]);
}
