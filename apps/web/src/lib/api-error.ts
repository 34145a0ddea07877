import type { AxiosError } from 'axios';

/** axios's own test (`isAxiosError` is a flag on its errors), without loading axios for it. */
function isAxiosError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';
export const SERVER_ERROR_MESSAGE = 'Server error occurred';
export const NETWORK_ERROR_MESSAGE = 'Network error - please check your connection';

export type NormalizedErrorCode =
  'SERVER_ERROR' | 'NETWORK_ERROR' | 'UNKNOWN_ERROR' | (string & {});

export type FieldError = { field: string; message: string };

/** The normalised error every API call throws (spec §3: message, code, status, details). */
export class ApiError extends Error {
  readonly code: NormalizedErrorCode;
  readonly status: number | undefined;
  readonly details: unknown;

  constructor(message: string, code: NormalizedErrorCode, status?: number, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }

  /** Field messages from a wire `VALIDATION_FAILED` error, keyed by field path. */
  get fieldErrors(): Record<string, string> {
    const fields = (this.details as { fields?: FieldError[] } | undefined)?.fields;
    if (!Array.isArray(fields)) return {};
    return Object.fromEntries(fields.map((issue) => [issue.field, issue.message]));
  }
}

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

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function getErrorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (isAxiosError(error)) return error.response?.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A 403 `PLAN_LIMIT`: the plan, not the role, is what stops the user; upgrading lifts it. */
export function isPlanLimitError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'PLAN_LIMIT';
}
