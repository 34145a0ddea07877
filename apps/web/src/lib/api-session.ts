import { readStoredToken } from './token-store';

/*
 * How API requests are authorised and where a 401 leads, registered by the auth layer. Kept apart
 * from the axios client so the auth layer can register before the client has loaded.
 */
type TokenProvider = () => Promise<string | null>;
type UnauthorizedHandler = () => void;

let tokenProvider: TokenProvider | null = null;
let unauthorizedHandler: UnauthorizedHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** The identity adapter registers how to get a fresh token; local storage is the fallback. */
export function setTokenProvider(provider: TokenProvider | null): void {
  tokenProvider = provider;
}

/** The app layer decides how to go to /login (router navigation); the client only reports. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

export function handleUnauthorized(): void {
  unauthorizedHandler();
}

export async function resolveBearerToken(): Promise<string | null> {
  if (tokenProvider) {
    try {
      const token = await tokenProvider();
      if (token) return token;
    } catch {
      // fall through to the stored token
    }
  }
  return readStoredToken();
}
