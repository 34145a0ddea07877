/*
 * The server-data layer (TanStack Query and the axios API client) loads with the first screen that
 * needs server data, not on signed-out pages such as /login (decision 0006). What the rest of the
 * app does with the cache goes through here, so it never has to load the layer to do it.
 */
type ServerDataCache = {
  clear: () => void;
  invalidate: (queryKey: readonly unknown[]) => Promise<void>;
  resetQueryErrors: () => void;
};

let activeCache: ServerDataCache | null = null;

/** Called by the data provider when it mounts with its query client. */
export function registerServerDataCache(cache: ServerDataCache): void {
  activeCache = cache;
}

/** Drops every cached server response (sign-out). Nothing to drop before the layer has loaded. */
export function clearServerData(): void {
  activeCache?.clear();
}

export async function invalidateServerData(queryKey: readonly unknown[]): Promise<void> {
  await activeCache?.invalidate(queryKey);
}

/** Lets queries that failed into an error boundary fetch again on the next render (Try Again). */
export function resetQueryErrors(): void {
  activeCache?.resetQueryErrors();
}
