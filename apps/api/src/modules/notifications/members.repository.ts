import { sql } from 'drizzle-orm';
import type { OrganizationRole } from '@crescendo/contracts';
import type { Database } from '../../db/client';
import {
  artistProfiles,
  authMember,
  notificationPreferences,
  organizations,
  users,
} from '../../db/schema';

/** A person who may be told about an organisation, with their settings there (null: defaults). */
export type Member = {
  userId: string;
  email: string;
  name: string;
  organizationId: string;
  organizationName: string;
  role: OrganizationRole;
  profileTimeZone: string | null;
  preferences: StoredPreferences | null;
};

export type StoredPreferences = {
  isDigestEnabled: boolean | null;
  digestDay: number;
  digestHour: number;
  timeZone: string | null;
  alerts: Record<string, boolean>;
  thresholdPercent: number;
  quietStartHour: number | null;
  quietEndHour: number | null;
};

type MemberRow = {
  user_id: string;
  email: string;
  name: string;
  organization_id: string;
  organization_name: string;
  role: string;
  profile_time_zone: string | null;
  has_preferences: boolean;
  is_digest_enabled: boolean | null;
  digest_day: number | null;
  digest_hour: number | null;
  time_zone: string | null;
  alerts: Record<string, boolean> | string | null;
  threshold_percent: number | null;
  quiet_start_hour: number | null;
  quiet_end_hour: number | null;
};

function toRole(value: string): OrganizationRole {
  return value === 'owner' || value === 'manager' ? value : 'viewer';
}

function toMember(row: MemberRow): Member {
  return {
    userId: row.user_id,
    email: row.email,
    name: row.name,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    role: toRole(row.role),
    profileTimeZone: row.profile_time_zone,
    preferences: row.has_preferences
      ? {
          isDigestEnabled: row.is_digest_enabled,
          digestDay: Number(row.digest_day),
          digestHour: Number(row.digest_hour),
          timeZone: row.time_zone,
          // As Drizzle reads jsonb: drivers that hand back text are parsed here.
          alerts: typeof row.alerts === 'string' ? JSON.parse(row.alerts) : (row.alerts ?? {}),
          thresholdPercent: Number(row.threshold_percent),
          quietStartHour: row.quiet_start_hour,
          quietEndHour: row.quiet_end_hour,
        }
      : null,
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/**
 * Members with dashboard access (customers and admins), by the rule of decision 0021: an
 * embedded account's identity-provider memberships with their role, and an account's own
 * organisation while that has no identity-provider organisation (or with Clerk, whose
 * memberships live in Clerk).
 */
export async function listMembers(
  db: Database,
  filter: { organizationId?: string; userId?: string; userIds?: string[] } = {},
): Promise<Member[]> {
  // The filters go inside both branches, so one person's lookup reads their rows only.
  const userIds = filter.userIds ?? (filter.userId ? [filter.userId] : null);
  if (userIds?.length === 0) return [];
  const byUser = userIds
    ? sql`and u.id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const byOrganization = filter.organizationId ? sql`and o.id = ${filter.organizationId}` : sql``;
  const result = await db.execute(sql`
    with m as (
      select u.id as user_id, o.id as organization_id, o.name as organization_name, am.role as role
      from ${authMember} am
      join ${users} u on u.subject = am.user_id and u.identity_provider = 'embedded'
      join ${organizations} o on o.identity_organization_id = am.organization_id
      where u.role in ('customer', 'admin') ${byUser} ${byOrganization}
      union all
      select u.id, o.id, o.name,
        case when u.organization_role = 'owner' then 'owner' else 'viewer' end
      from ${users} u join ${organizations} o on o.id = u.organization_id
      where (o.identity_organization_id is null or u.identity_provider <> 'embedded')
        and u.role in ('customer', 'admin') ${byUser} ${byOrganization}
    )
    select m.user_id, u.email, u.name, m.organization_id, m.organization_name, m.role,
      ap.timezone as profile_time_zone, (p.user_id is not null) as has_preferences,
      p.is_digest_enabled, p.digest_day, p.digest_hour, p.time_zone, p.alerts,
      p.threshold_percent, p.quiet_start_hour, p.quiet_end_hour
    from m
    join ${users} u on u.id = m.user_id
    left join ${notificationPreferences} p
      on p.user_id = m.user_id and p.organization_id = m.organization_id
    left join ${artistProfiles} ap on ap.organization_id = m.organization_id
    order by m.organization_id, m.user_id`);
  return rowsOf<MemberRow>(result).map(toMember);
}

export async function findMember(
  db: Database,
  userId: string,
  organizationId: string,
): Promise<Member | null> {
  const [member] = await listMembers(db, { userId, organizationId });
  return member ?? null;
}

export async function upsertPreferences(
  db: Database,
  userId: string,
  organizationId: string,
  values: StoredPreferences,
): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(notificationPreferences)
    .values({ userId, organizationId, ...row })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.organizationId],
      set: row,
    });
}
