import { useEffect, useState } from 'react';

function visitedKey(userId: string): string {
  return `crescendo-visited:${userId}`;
}

function readStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * True on a person's first visit to a page in this browser (so it can say "Welcome" rather than
 * "Welcome back"); it is remembered once the page has shown, and stays the same while it is open.
 */
export function useIsFirstVisit(page: string, userId: string | undefined): boolean {
  const key = userId ? `${visitedKey(userId)}:${page}` : null;
  const [isFirst] = useState(() => (key ? readStorage()?.getItem(key) === null : false));
  useEffect(() => {
    if (key) readStorage()?.setItem(key, '1');
  }, [key]);
  return isFirst;
}
