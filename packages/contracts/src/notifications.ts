import { z } from 'zod';

// ── Notifications: the weekly digest, alerts by email, and the in-app list ──

/** Every alert a person can switch on or off (the weekly digest has its own switch). */
export const alertKinds = [
  'spike',
  'drop',
  'milestone',
  'reconnect',
  'import_failed',
  'statement_arrived',
  'payment_failed',
  'plan_lapsing',
  'invitation_accepted',
] as const;
export const alertKindSchema = z.enum(alertKinds, {
  error: `Must be one of ${alertKinds.join(', ')}`,
});
export type AlertKind = z.infer<typeof alertKindSchema>;

/** What an unsubscribe link stops: one alert kind, or the weekly digest. */
export const mailKinds = ['digest', ...alertKinds] as const;
export const mailKindSchema = z.enum(mailKinds, {
  error: `Must be one of ${mailKinds.join(', ')}`,
});
export type MailKind = z.infer<typeof mailKindSchema>;

function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const hourSchema = z
  .number({ error: 'Must be an hour from 0 to 23' })
  .int({ error: 'Must be an hour from 0 to 23' })
  .min(0, { error: 'Must be an hour from 0 to 23' })
  .max(23, { error: 'Must be an hour from 0 to 23' });

export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isValidTimeZone, { error: 'Must be an IANA time zone such as Europe/London' });

/** One person's settings for the active organisation (artist). */
export const notificationPreferencesSchema = z.object({
  digest: z.object({
    isEnabled: z.boolean(),
    /** 1 = Monday … 7 = Sunday (ISO). */
    dayOfWeek: z
      .number()
      .int()
      .min(1, { error: 'Must be a day from 1 (Monday) to 7 (Sunday)' })
      .max(7, { error: 'Must be a day from 1 (Monday) to 7 (Sunday)' }),
    hour: hourSchema,
  }),
  /** Null: the artist profile's time zone (then UTC). */
  timeZone: timeZoneSchema.nullable(),
  alerts: z.record(alertKindSchema, z.boolean()),
  /** Spikes and drops are mailed only past this change against the usual day, in %. */
  thresholdPercent: z
    .number()
    .int()
    .min(5, { error: 'Must be from 5 to 1000 %' })
    .max(1000, { error: 'Must be from 5 to 1000 %' }),
  /** No mail from `start` to `end` (local hours; start > end wraps past midnight); null: none. */
  quietHours: z
    .object({ start: hourSchema, end: hourSchema })
    .refine((value) => value.start !== value.end, {
      error: 'Quiet hours must start and end at different hours',
      path: ['end'],
    })
    .nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `GET /api/v1/notifications/preferences`. */
export const notificationPreferencesResponseSchema = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  preferences: notificationPreferencesSchema,
  /** The zone the digest is timed in: the person's own, else the artist profile's, else UTC. */
  effectiveTimeZone: z.string(),
  /** When the next weekly digest goes out (ISO instant), or null when it is off. */
  nextDigestAt: z.string().nullable(),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;

/** `PUT /api/v1/notifications/preferences`: the whole settings, or any part of them. */
export const updateNotificationPreferencesSchema = z
  .object({
    digest: notificationPreferencesSchema.shape.digest.partial().optional(),
    timeZone: timeZoneSchema.nullable().optional(),
    alerts: z.partialRecord(alertKindSchema, z.boolean()).optional(),
    thresholdPercent: notificationPreferencesSchema.shape.thresholdPercent.optional(),
    quietHours: notificationPreferencesSchema.shape.quietHours.optional(),
  })
  .strict();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** `POST /api/v1/notifications/digest/send-now`. */
export const sendDigestNowResponseSchema = z.object({
  sentTo: z.string(),
  subject: z.string(),
  range: z.object({ from: z.string(), to: z.string() }),
  /** The sandbox mailbox's page for it (local runs), else null. */
  mailboxUrl: z.string().nullable(),
});
export type SendDigestNowResponse = z.infer<typeof sendDigestNowResponseSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: alertKindSchema,
  /** `up` (good news), `down` (a drop, a failure) or `neutral`. */
  tone: z.enum(['up', 'down', 'neutral']),
  title: z.string(),
  body: z.string(),
  /** A path in the web app to open, e.g. `/dashboard?from=…&to=…`. */
  link: z.string().nullable(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** `GET /api/v1/notifications`: newest first, for the active organisation. */
export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** `POST /api/v1/notifications/read`: the given ones, or every one when `ids` is absent. */
export const markNotificationsReadSchema = z
  .object({
    ids: z
      .array(z.uuid({ error: 'Invalid notification id' }))
      .max(100)
      .optional(),
  })
  .strict();
export const markNotificationsReadResponseSchema = z.object({ unreadCount: z.number().int() });

/** `?token=` of the one-click unsubscribe link. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1, { error: 'Missing token' }).max(400),
});
export const unsubscribeResponseSchema = z.object({
  kind: mailKindSchema,
  organization: z.string(),
  isUnsubscribed: z.literal(true),
});
