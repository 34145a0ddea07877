import { z } from 'zod';
import { emailSchema, meResponseSchema, roleSchema } from './auth';

export const waitlistStatuses = ['approved', 'pending', 'rejected', 'not_found'] as const;
export const waitlistStatusSchema = z.enum(waitlistStatuses);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

export const validateWaitlistRequestSchema = z.object({ email: emailSchema });
export type ValidateWaitlistRequest = z.infer<typeof validateWaitlistRequestSchema>;

/** `POST /api/v1/auth/validate-waitlist`. `position` is 1-based among pending entries. */
export const validateWaitlistResponseSchema = z.object({
  email: z.string(),
  status: waitlistStatusSchema,
  position: z.number().int().positive().nullable(),
  mode: z.enum(['approval', 'open']),
});
export type ValidateWaitlistResponse = z.infer<typeof validateWaitlistResponseSchema>;

/** `POST /api/v1/auth/complete-registration-with-validation`: the caller is known by their token. */
export const completeRegistrationRequestSchema = z.object({
  name: z.string().trim().min(1).max(120).optional(),
});
export const completeRegistrationResponseSchema = z.object({
  status: waitlistStatusSchema.exclude(['not_found']),
  position: z.number().int().positive().nullable(),
  user: meResponseSchema,
});
export type CompleteRegistrationResponse = z.infer<typeof completeRegistrationResponseSchema>;

export const waitlistEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  userId: z.string().nullable(),
  /** The linked user's role; null until the person has an account. */
  role: roleSchema.nullable(),
  status: waitlistStatusSchema.exclude(['not_found']),
  position: z.number().int().positive().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const listWaitlistQuerySchema = z.object({
  status: waitlistStatusSchema.exclude(['not_found']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const listWaitlistResponseSchema = z.object({
  entries: z.array(waitlistEntrySchema),
  total: z.number().int(),
});
export type ListWaitlistResponse = z.infer<typeof listWaitlistResponseSchema>;

export const waitlistEntryParamsSchema = z.object({ id: z.uuid({ error: 'Invalid entry id' }) });
export const waitlistDecisionResponseSchema = z.object({ entry: waitlistEntrySchema });

/** `PUT /api/v1/admin/users/{id}/role`: until billing lands, an admin can grant `customer`. */
export const setUserRoleRequestSchema = z.object({ role: z.enum(['customer', 'lead', 'admin']) });
export const userParamsSchema = z.object({ id: z.uuid({ error: 'Invalid user id' }) });
