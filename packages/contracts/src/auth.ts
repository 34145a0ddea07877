import { z } from 'zod';

export const roles = ['customer', 'lead', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/**
 * Organisation roles (one organisation = one artist or act), beside the product roles
 * customer/lead/admin: owner (everything, billing and members included), manager (everything
 * except billing and members), viewer (read-only).
 */
export const organizationRoles = ['owner', 'manager', 'viewer'] as const;
export const organizationRoleSchema = z.enum(organizationRoles);
export type OrganizationRole = z.infer<typeof organizationRoleSchema>;

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
});

/** `GET /api/v1/auth/me`. */
export const meResponseSchema = z.object({
  user: userSchema,
  role: roleSchema,
  roles: z.array(roleSchema),
  permissions: z.array(z.string()),
  tier: z.string().nullable(),
  /** The active organisation and the caller's role in it. */
  organization: organizationSchema.extend({ role: organizationRoleSchema }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** `GET /api/v1/auth/user-with-org`. */
export const userWithOrgResponseSchema = z.object({
  user: userSchema.extend({
    role: roleSchema,
    roles: z.array(roleSchema),
    permissions: z.array(z.string()),
    tier: z.string().nullable(),
    identityProvider: z.enum(['embedded', 'clerk']),
    createdAt: z.string(),
  }),
  organization: organizationSchema.extend({
    role: organizationRoleSchema,
    createdAt: z.string(),
  }),
});
export type UserWithOrgResponse = z.infer<typeof userWithOrgResponseSchema>;

/** `POST /api/v1/auth/verify-and-refresh-token`. */
export const verifyAndRefreshResponseSchema = z.object({
  valid: z.literal(true),
  expiresAt: z.string(),
  /** A fresh embedded-provider token when the caller's was near expiry; null for Clerk tokens. */
  token: z.string().nullable(),
  user: meResponseSchema,
});
export type VerifyAndRefreshResponse = z.infer<typeof verifyAndRefreshResponseSchema>;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254));

/** `POST /api/v1/auth/register-user`. */
export const registerUserRequestSchema = z.object({
  email: emailSchema,
  clerk_user_id: z.string({ error: 'clerk_user_id is required' }).trim().min(1).max(200),
});
export type RegisterUserRequest = z.infer<typeof registerUserRequestSchema>;

export const registerUserResponseSchema = z.object({
  created: z.boolean(),
  user: meResponseSchema,
});
export type RegisterUserResponse = z.infer<typeof registerUserResponseSchema>;

export const logoutResponseSchema = z.object({ success: z.literal(true) });
