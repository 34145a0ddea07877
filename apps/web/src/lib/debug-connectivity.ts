export type ConnectivityStep = {
  name: string;
  ok: boolean;
  status: number | null;
  detail?: string;
};

/**
 * Spec §7 debug helper: GET /health, then GET /v1/auth/me (401 expected without a token), then a
 * CORS preflight OPTIONS on the health path. Uses fetch so the API client's 401 redirect never fires.
 */
export async function runConnectivityCheck(
  baseUrl = '/api',
  fetchFn: typeof fetch = (...args) => fetch(...args),
): Promise<ConnectivityStep[]> {
  const steps: ConnectivityStep[] = [];
  const attempt = async (
    name: string,
    path: string,
    init: RequestInit,
    isOk: (status: number) => boolean,
  ) => {
    try {
      const response = await fetchFn(`${baseUrl}${path}`, init);
      steps.push({ name, ok: isOk(response.status), status: response.status });
    } catch (error) {
      steps.push({
        name,
        ok: false,
        status: null,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  };
  await attempt('health', '/health', { method: 'GET' }, (status) => status === 200);
  await attempt(
    'auth-me-unauthenticated',
    '/v1/auth/me',
    { method: 'GET', credentials: 'omit' },
    (status) => status === 401,
  );
  await attempt(
    'cors-preflight',
    '/health',
    {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'GET', Origin: window.location.origin },
    },
    (status) => status < 500,
  );
  return steps;
}
