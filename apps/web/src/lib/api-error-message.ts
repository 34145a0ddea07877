import { ApiError, isAxiosError } from './api-error';

/*
 * What an error says (spec §8) and the API client's normalised error. Apart from `api-error.ts`
 * (what an error is: its class and status, which every page's start-up code reads) because only
 * pages that call the API read messages from errors: they load this with their own chunks.
 */

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';
export const SERVER_ERROR_MESSAGE = 'Server error occurred';
export const NETWORK_ERROR_MESSAGE = 'Network error - please check your connection';

type ResponseBody = {
  message?: unknown;
  detail?: unknown;
  code?: unknown;
  error?: { message?: unknown; code?: unknown; details?: unknown } | string;
};

function asText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Spec §8 order: the response's message, then its detail, then the error's own message, then
 * "code: message", else the default. The wire format nests message under `error`.
 */
export function extractErrorMessage(error: unknown): string {
  const body = (isAxiosError(error) ? error.response?.data : undefined) as ResponseBody | undefined;
  const wireError = body && typeof body.error === 'object' ? body.error : undefined;
  const responseMessage =
    asText(wireError?.message) ??
    asText(body?.message) ??
    asText(typeof body?.error === 'string' ? body.error : undefined);
  if (responseMessage) return responseMessage;
  const detail = asText(body?.detail);
  if (detail) return detail;
  const ownMessage =
    error instanceof Error
      ? asText(error.message)
      : asText((error as { message?: unknown })?.message);
  if (ownMessage) return ownMessage;
  // Reached only when there is no usable message, so the code is paired with the default text.
  const code = asText((error as { code?: unknown } | null)?.code);
  if (code) return `${code}: ${DEFAULT_ERROR_MESSAGE}`;
  return DEFAULT_ERROR_MESSAGE;
}

/** Spec §8: with a response → SERVER_ERROR (or the wire code); no response → NETWORK_ERROR; else UNKNOWN_ERROR. */
export function normalizeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    if (error.response) {
      const body = error.response.data as ResponseBody | undefined;
      const wireError = body && typeof body.error === 'object' ? body.error : undefined;
      const responseMessage =
        asText(wireError?.message) ??
        asText(body?.message) ??
        asText(body?.detail) ??
        SERVER_ERROR_MESSAGE;
      return new ApiError(
        responseMessage,
        asText(wireError?.code) ?? asText(body?.code) ?? 'SERVER_ERROR',
        error.response.status,
        wireError?.details ?? body,
      );
    }
    if (error.request) {
      return new ApiError(NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR', undefined, { cause: error.code });
    }
  }
  return new ApiError(extractErrorMessage(error), 'UNKNOWN_ERROR');
}
