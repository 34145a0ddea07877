import type { AxiosError } from 'axios';

/** axios's own test (`isAxiosError` is a flag on its errors), without loading axios for it. */
export function isAxiosError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

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
