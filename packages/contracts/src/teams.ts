import { z } from 'zod';
import { emailSchema, organizationRoleSchema } from './auth';
import { planIdSchema } from './billing';

// The roles' words live in a module without zod, so a screen showing them (the signed-in
// header's artist switcher) does not load every schema.
export { organizationRoleDescriptions, organizationRoleLabels } from './team-roles';

/** How long an invitation link works. */
export const invitationLifetimeDays = 7;

export const artistNameSchema = z
  .string({ error: 'Artist name is required' })
  .trim()
  .min(1, { error: 'Artist name is required' })
  .max(100, { error: 'Keep the artist name under 100 characters' });

export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: organizationRoleSchema,
  /** The identity provider's organisation id (better-auth or Clerk), for switching there. */
  identityOrganizationId: z.string(),
  isActive: z.boolean(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

/** Artists counted against a plan: every organisation the user owns or manages (decision 0012). */
export const artistAllowanceSchema = z.object({
  used: z.number().int(),
  /** Null: no limit. */
  allowed: z.number().int().nullable(),
  /** The plan whose limit applies: the best one among the artists the user owns or manages. */
  plan: planIdSchema,
});
export type ArtistAllowance = z.infer<typeof artistAllowanceSchema>;

/** `GET /api/v1/organizations`: the organisations the caller belongs to. */
export const organizationListResponseSchema = z.object({
  organizations: z.array(organizationSummarySchema),
  artistAllowance: artistAllowanceSchema,
});
export type OrganizationListResponse = z.infer<typeof organizationListResponseSchema>;

/** `POST /api/v1/organizations`: a new artist, owned by the caller. */
export const createOrganizationRequestSchema = z.object({ name: artistNameSchema });
export type CreateOrganizationRequest = z.infer<typeof createOrganizationRequestSchema>;
export const createOrganizationResponseSchema = z.object({
  organization: organizationSummarySchema,
});
export type CreateOrganizationResponse = z.infer<typeof createOrganizationResponseSchema>;

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: organizationRoleSchema,
  isYou: z.boolean(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** `GET /api/v1/team/members`: the active organisation's members (any member may read). */
export const teamMembersResponseSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  yourRole: organizationRoleSchema,
  members: z.array(teamMemberSchema),
});
export type TeamMembersResponse = z.infer<typeof teamMembersResponseSchema>;

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: organizationRoleSchema,
  status: invitationStatusSchema,
  /** The link to send; owners can always copy it again while it is pending. */
  url: z.string().nullable(),
  invitedBy: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** `GET /api/v1/team/invitations` (owners). */
export const teamInvitationsResponseSchema = z.object({
  invitations: z.array(teamInvitationSchema),
});
export type TeamInvitationsResponse = z.infer<typeof teamInvitationsResponseSchema>;

/** `POST /api/v1/team/invitations` (owners). */
export const createInvitationRequestSchema = z.object({
  email: emailSchema,
  role: organizationRoleSchema.exclude(['owner'], { error: 'Invite a manager or a viewer' }),
});
export type CreateInvitationRequest = z.infer<typeof createInvitationRequestSchema>;
export const createInvitationResponseSchema = z.object({
  invitation: teamInvitationSchema,
  /** True when the mail went out; the owner can copy the link either way. */
  isMailSent: z.boolean(),
});
export type CreateInvitationResponse = z.infer<typeof createInvitationResponseSchema>;

export const invitationIdParamsSchema = z.object({ invitationId: z.string().min(1).max(100) });
export const memberIdParamsSchema = z.object({ memberId: z.string().min(1).max(100) });

/** `PATCH /api/v1/team/members/:memberId` (owners). */
export const updateMemberRoleRequestSchema = z.object({ role: organizationRoleSchema });
export type UpdateMemberRoleRequest = z.infer<typeof updateMemberRoleRequestSchema>;
export const memberResponseSchema = z.object({ member: teamMemberSchema });
export type MemberResponse = z.infer<typeof memberResponseSchema>;

export const invitationTokenParamsSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'This invitation link is not valid.' }),
});

/** `GET /api/v1/invitations/:token`: what the invitee sees before accepting (no sign-in). */
export const invitationPreviewResponseSchema = z.object({
  organizationName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role: organizationRoleSchema,
  expiresAt: z.string(),
});
export type InvitationPreviewResponse = z.infer<typeof invitationPreviewResponseSchema>;

/** `POST /api/v1/invitations/:token/accept`: joins the organisation and makes it active. */
export const acceptInvitationResponseSchema = z.object({
  organization: organizationSummarySchema,
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
