/**
 * API endpoints (below `/api`) that more than one part of the app asks for: the API modules, and
 * the start-up requests whose answers they take by exact path (`lib/early-requests`).
 */
export const apiPaths = {
  me: '/v1/auth/me',
  artistProfile: '/artist/profile',
  dashboardAnalytics: '/dashboard/analytics',
} as const;
