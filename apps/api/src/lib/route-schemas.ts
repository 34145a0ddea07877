import { errorResponseSchema } from '@crescendo/contracts';

/** Declares the wire error format for the given statuses in a route's response schema. */
export function errorResponses<const S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

export const authenticatedErrors = [401, 429] as const;
