import {
  errorStatusByCode,
  type ErrorCode,
  type FieldIssue,
  type PlanLimitDetails,
} from '@crescendo/contracts';

export type AppErrorDetails = {
  fields?: FieldIssue[];
  retryAfterSeconds?: number;
} & Partial<PlanLimitDetails>;

/** A failure the client caused or may see: its code maps to an HTTP status in one table. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly details: AppErrorDetails | undefined;

  constructor(code: ErrorCode, message: string, details?: AppErrorDetails) {
    super(message);
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return errorStatusByCode[this.code];
  }

  static notFound(message = 'Not found'): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static unauthenticated(message = 'Sign in to continue.'): AppError {
    return new AppError('UNAUTHENTICATED', message);
  }

  static forbidden(message = 'You do not have access to this resource.'): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static conflict(message: string): AppError {
    return new AppError('CONFLICT', message);
  }
}
