/**
 * A module loaded on first use: one load in flight at a time, the loaded module readable at once
 * afterwards (so a component can render with it without waiting a tick), tried again after a
 * failure (a chunk that failed to download may load on the next attempt).
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load(): Promise<T> {
      loading ??= load().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    read: (): T | null => loaded,
  };
}
