import type { AppPath } from '@/config/paths';
import { apiPaths } from '@/config/api-paths';
import { paths } from '@/config/paths';
import {
  parseDashboardFilters,
  toDashboardQuery,
} from '@/features/dashboard/shared/utils/dashboard-filters';
import { startEarlyRequest } from '@/lib/early-requests';
import { normalisePath } from './route-modules';

/*
 * Render-as-you-fetch for a signed-in start-up (lib/early-requests). Loaded by the boot script
 * only when someone is, or probably is, signed in (app/route-modules.ts), beside the session
 * read: a signed-out /login never loads it (decision 0006's budget).
 */

/** The overview's data, as its page asks for it: the profile, and analytics for the URL's filters. */
const overviewRequests = (search: URLSearchParams) => [
  apiPaths.artistProfile,
  `${apiPaths.dashboardAnalytics}?${new URLSearchParams(toDashboardQuery(parseDashboardFilters(search)))}`,
];

/** API reads a first screen makes as soon as it renders, by path (`GET /api` + each). */
const firstScreenRequests: Partial<Record<AppPath, (search: URLSearchParams) => string[]>> = {
  [paths.dashboard]: overviewRequests,
  [paths.settingsBilling]: overviewRequests,
};

/**
 * Once the identity's token is known at start-up: the backend user (every signed-in screen needs
 * it first) and the first screen's own reads, so they load beside its chunks.
 */
export function startFirstScreenRequests(
  location: Pick<Location, 'pathname' | 'search'>,
  token: string,
) {
  startEarlyRequest(apiPaths.me, token);
  const requests = firstScreenRequests[normalisePath(location.pathname)];
  for (const path of requests?.(new URLSearchParams(location.search)) ?? []) {
    startEarlyRequest(path, token);
  }
}
