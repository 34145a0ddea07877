import { z } from 'zod';
import { planIdSchema, planLimitNameSchema } from './billing';

/** Every error code the API can put on the wire, and the HTTP status each one maps to. */
export const errorStatusByCode = {
  VALIDATION_FAILED: 400,
  USE_IDENTITY_PROVIDER: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;
export const errorCodes = Object.keys(errorStatusByCode) as [ErrorCode, ...ErrorCode[]];

export const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** The one wire error format: `{ "error": { "code", "message", "details"? } }`. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    details: z
      .object({
        fields: z.array(fieldIssueSchema).optional(),
        retryAfterSeconds: z.number().int().optional(),
        requestId: z.string().optional(),
        // PLAN_LIMIT: which limit, how much is used, what the plan allows and the plan that lifts it.
        limit: planLimitNameSchema.optional(),
        used: z.number().int().optional(),
        allowed: z.number().int().optional(),
        plan: planIdSchema.optional(),
        upgradePlan: planIdSchema.nullable().optional(),
      })
      .optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
