import type * as CurrentUserQueryModule from './current-user-query';

type CurrentUserModule = typeof CurrentUserQueryModule;
let loaded: CurrentUserModule | null = null;
let loading: Promise<CurrentUserModule> | null = null;

/**
 * The backend user's query, with the data layer and API client it needs. Loaded once someone is
 * signed in (or by the boot script, when someone probably is), never for a signed-out /login.
 * Kept free of React so the boot script can start it.
 */
export function loadCurrentUserModule(): Promise<CurrentUserModule> {
  loading ??= import('./current-user-query').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The module if it has loaded already, so the auth context can render with it at once. */
export function readLoadedCurrentUserModule(): CurrentUserModule | null {
  return loaded;
}
