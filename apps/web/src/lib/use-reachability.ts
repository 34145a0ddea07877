import { useSyncExternalStore } from 'react';
import { reachability, type Reachability } from './connectivity';

/**
 * Whether the server can be reached, for components. Kept apart from `connectivity`, which the
 * boot chunk loads before React (decision 0006).
 */
export function useReachability(): Reachability {
  return useSyncExternalStore(reachability.subscribe, reachability.read, reachability.read);
}
