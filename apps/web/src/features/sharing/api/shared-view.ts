import type {
  shareGoneMessage,
  shareGrantHeader,
  ShareGrant,
  SharedViewResponse,
} from '@crescendo/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/*
 * The public page loads no value from the contracts package (its schemas would come with zod, in
 * the signed-in chunk): the two strings it needs are typed against the contracts instead.
 */
const grantHeader: typeof shareGrantHeader = 'x-share-grant';
export const goneMessage: typeof shareGoneMessage = 'This link has been revoked or has expired.';

/*
 * The shared page's reads. Plain fetch, not the app's API client: nobody is signed in here, and a
 * 401 (a wrong password) must not sign anyone out or redirect.
 */
export class SharedViewError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SharedViewError';
  }
}

async function readJson<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as
    (T & { error?: { message?: string } }) | null;
  if (!response.ok) {
    throw new SharedViewError(
      body?.error?.message ?? 'Something went wrong. Please try again.',
      response.status,
    );
  }
  return body as T;
}

const grantKey = (token: string) => `crescendo-share-grant:${token}`;

export function readShareGrant(token: string): string | null {
  try {
    return sessionStorage.getItem(grantKey(token));
  } catch {
    return null;
  }
}

function storeShareGrant(token: string, grant: string) {
  try {
    sessionStorage.setItem(grantKey(token), grant);
  } catch {
    // Private mode: the grant lives as long as the page.
  }
}

export async function getSharedView(
  token: string,
  page: number,
  grant: string | null,
): Promise<SharedViewResponse> {
  const response = await fetch(`/api/public/shares/${encodeURIComponent(token)}?page=${page}`, {
    headers: grant ? { [grantHeader]: grant } : {},
  });
  return readJson<SharedViewResponse>(response);
}

export const sharedViewQueryOptions = (token: string, page: number, grant: string | null) =>
  queryOptions({
    queryKey: ['shared-view', token, page, grant],
    queryFn: () => getSharedView(token, page, grant),
    // A gone link stays gone; asking again only delays the kind message.
    retry: (count, error) => !(error instanceof SharedViewError && error.status < 500) && count < 2,
  });

export function useSharedView(token: string, page: number, grant: string | null) {
  return useQuery({
    ...sharedViewQueryOptions(token, page, grant),
    placeholderData: keepPreviousData,
  });
}

export async function unlockSharedView(token: string, password: string): Promise<ShareGrant> {
  const response = await fetch(`/api/public/shares/${encodeURIComponent(token)}/unlock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  const grant = await readJson<ShareGrant>(response);
  storeShareGrant(token, grant.grant);
  return grant;
}
