import { z } from 'zod';
import { connectionProviderSchema } from './connections';

/*
 * Account and data rights (issue 29): the data export, account and organisation deletion, Meta's
 * data-deletion callback, and the organisation's audit log.
 */

/** How long invoices of deleted organisations are kept (tax and accounting law). */
export const invoiceRetentionYears = 10;
/** How long audit events are kept. */
export const auditRetentionDays = 365;

/** The word a person may type instead of their email (or the artist's name) to confirm. */
export const deletionConfirmationWord = 'delete';

const confirmationSchema = z
  .string({ error: 'Type your email address or "delete" to confirm' })
  .trim()
  .min(1, { error: 'Type your email address or "delete" to confirm' })
  .max(320);

/** `DELETE /api/v1/account`: the person types their email address or "delete". */
export const deleteAccountRequestSchema = z.object({ confirmation: confirmationSchema });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** `DELETE /api/v1/team`: an owner types the artist's name or "delete". */
export const deleteOrganizationRequestSchema = z.object({ confirmation: confirmationSchema });
export type DeleteOrganizationRequest = z.infer<typeof deleteOrganizationRequestSchema>;

export const revokedGrantSchema = z.object({
  provider: connectionProviderSchema,
  accountName: z.string(),
  /** False when the provider could not be reached or the grant was already gone there. */
  isRevokedAtProvider: z.boolean(),
});
export type RevokedGrant = z.infer<typeof revokedGrantSchema>;

export const keptRecordsSchema = z.object({
  invoices: z.number().int(),
  retainedUntil: z.string(),
  reason: z.string(),
});

const deletedOrganizationSchema = z.object({ id: z.string(), name: z.string() });

export const deleteAccountResponseSchema = z.object({
  confirmationCode: z.string(),
  /** Artists you were the only owner of: deleted with all their data. */
  deletedOrganizations: z.array(deletedOrganizationSchema),
  /** Artists shared with other owners: you left them; their data stays with them. */
  leftOrganizations: z.array(deletedOrganizationSchema),
  revokedGrants: z.array(revokedGrantSchema),
  cancelledSubscriptions: z.number().int(),
  keptRecords: keptRecordsSchema,
  /** What happened to the sign-in account at the identity provider. */
  identity: z.object({ provider: z.enum(['embedded', 'clerk']), message: z.string() }),
  isMailSent: z.boolean(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

export const deleteOrganizationResponseSchema = z.object({
  confirmationCode: z.string(),
  organization: deletedOrganizationSchema,
  revokedGrants: z.array(revokedGrantSchema),
  cancelledSubscriptions: z.number().int(),
  keptRecords: keptRecordsSchema,
});
export type DeleteOrganizationResponse = z.infer<typeof deleteOrganizationResponseSchema>;

/** Meta's data-deletion callback answer: exactly these two fields. */
export const metaDataDeletionResponseSchema = z.object({
  url: z.string(),
  confirmation_code: z.string(),
});
export type MetaDataDeletionResponse = z.infer<typeof metaDataDeletionResponseSchema>;

export const dataDeletionCodeParamsSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Not a confirmation code' }),
});

export const dataDeletionStatusResponseSchema = z.object({
  confirmationCode: z.string(),
  status: z.enum(['pending', 'completed']),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  /** A human-readable account of what was deleted and what was kept, and why. */
  message: z.string(),
});
export type DataDeletionStatusResponse = z.infer<typeof dataDeletionStatusResponseSchema>;

export const auditActions = [
  'member_invited',
  'member_joined',
  'member_removed',
  'member_role_changed',
  'plan_changed',
  'share_link_created',
  'share_link_revoked',
  'connection_added',
  'connection_removed',
  'import_added',
  'import_deleted',
  'data_exported',
  'account_deleted',
] as const;
export const auditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditActionLabels: Record<AuditAction, string> = {
  member_invited: 'Member invited',
  member_joined: 'Member joined',
  member_removed: 'Member removed',
  member_role_changed: 'Role changed',
  plan_changed: 'Plan changed',
  share_link_created: 'Share link created',
  share_link_revoked: 'Share link revoked',
  connection_added: 'Connection added',
  connection_removed: 'Connection removed',
  import_added: 'Import added',
  import_deleted: 'Import deleted',
  data_exported: 'Data exported',
  account_deleted: 'Account deleted',
};

export const auditEventSchema = z.object({
  id: z.string(),
  action: auditActionSchema,
  /** Null for the payment provider's events and for deleted accounts. */
  actor: z
    .object({
      userId: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogResponseSchema = z.object({
  events: z.array(auditEventSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

const exportRowSchema = z.record(z.string(), z.unknown());

/**
 * `GET /api/v1/account/export`: everything held about the caller and the artists they own, as
 * rows per table (secrets, tokens, hashes and sealed values left out). Streamed.
 */
export const accountExportSchema = z.object({
  format: z.literal('crescendo-account-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  person: z.object({
    profile: exportRowSchema,
    tables: z.record(z.string(), z.array(exportRowSchema)),
  }),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.string(),
      /** Every table of an artist you own; for the others, only your membership. */
      tables: z.record(z.string(), z.array(exportRowSchema)),
    }),
  ),
  notes: z.array(z.string()),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
