import type { MeResponse, OrganizationRole } from '@crescendo/contracts';
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';
import { apiClient } from '@/lib/api-client';
import type { AuthContextValue } from '@/lib/auth/auth-context';
import { buildMe } from './factories';

export type ApiReply = { status: number; data?: unknown };
export type ApiHandler = (config: InternalAxiosRequestConfig) => ApiReply | Promise<ApiReply>;
export type RecordedRequest = {
  method: string;
  url: string;
  body: unknown;
  config: InternalAxiosRequestConfig;
};

function readBody(data: unknown): unknown {
  if (typeof data !== 'string' || data === '') return data ?? null;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * Answers the API client's requests from a table keyed `"METHOD /path"` (below `/api`), records
 * them, and answers anything else 404 in the wire format. Call `restore` after each test.
 */
export function installApiRoutes(routes: Record<string, ApiHandler>) {
  const requests: RecordedRequest[] = [];
  const original = apiClient.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    requests.push({ method, url, body: readBody(config.data), config });
    const handler = routes[`${method} ${url}`];
    const reply = handler
      ? await handler(config)
      : {
          status: 404,
          data: { error: { code: 'NOT_FOUND', message: `No route ${method} ${url}` } },
        };
    const response = {
      data: reply.data,
      status: reply.status,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
    };
    if (reply.status >= 400) {
      throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, response);
    }
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return {
    routes,
    requests,
    restore: () => {
      apiClient.defaults.adapter = original;
    },
  };
}

/** What `useOrganizationAccess` reads: a signed-in customer with `role` in the active artist. */
export function buildAuthValue(role: OrganizationRole): AuthContextValue {
  const me: MeResponse = buildMe('customer');
  return {
    backendUser: { ...me, organization: { ...me.organization, role } },
  } as AuthContextValue;
}
