import { loadOnce } from '../load-once';

/**
 * The backend user's query, with the data layer and API client it needs. Loaded once someone is
 * signed in (or by the boot script, when someone probably is), never for a signed-out /login.
 * Kept free of React so the boot script can start it.
 */
const currentUserModule = loadOnce(() => import('./current-user-query'));

export const loadCurrentUserModule = currentUserModule.load;

/** The module if it has loaded already, so the auth context can render with it at once. */
export const readLoadedCurrentUserModule = currentUserModule.read;
