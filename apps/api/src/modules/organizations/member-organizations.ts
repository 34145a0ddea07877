import { sql, type SQL } from 'drizzle-orm';
import { authMember, billingAccounts, organizations, users } from '../../db/schema';

/*
 * Who belongs to which organisation, as SQL both the users module (every request) and billing
 * (every subscription change) build on.
 *
 * The rule (decision 0021): an embedded account belongs to the organisations its identity-provider
 * memberships name (`auth_member`), and to its own organisation while that has no
 * identity-provider organisation yet (made before teams). A Clerk account's memberships live in
 * Clerk, not here: it belongs to its own organisation.
 */

/** `in (…)`: the ids of the organisations the `users` row of the enclosing query belongs to. */
export function memberOrganizationIdsOfUser(): SQL {
  return sql`(
    select ${organizations.id} from ${organizations}
    where (
      ${organizations.id} = ${users.organizationId}
      and (${organizations.identityOrganizationId} is null or ${users.identityProvider} <> 'embedded')
    ) or (
      ${users.identityProvider} = 'embedded'
      and ${organizations.identityOrganizationId} in (
        select ${authMember.organizationId} from ${authMember} where ${authMember.userId} = ${users.subject}
      )
    )
  )`;
}

/** A condition on `users`: the row belongs to `organizationId` (the inverse of the above). */
export function isMemberOfOrganization(organizationId: string): SQL {
  return sql`(
    (
      ${users.organizationId} = ${organizationId}
      and (
        ${users.identityProvider} <> 'embedded'
        or (select ${organizations.identityOrganizationId} from ${organizations} where ${organizations.id} = ${organizationId}) is null
      )
    ) or (
      ${users.identityProvider} = 'embedded'
      and ${users.subject} in (
        select ${authMember.userId} from ${authMember}
        inner join ${organizations} on ${organizations.identityOrganizationId} = ${authMember.organizationId}
        where ${organizations.id} = ${organizationId}
      )
    )
  )`;
}

/** A stored subscription, as `memberSubscriptionsOfUser` answers it (dates as ISO text). */
export type StoredStanding = {
  organizationId: string;
  status: string;
  planId: 'starter' | 'pro' | 'team' | null;
  graceEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
};

/**
 * A json array of the subscriptions of every organisation the enclosing query's `users` row
 * belongs to, so the tier in force can be computed without another round trip.
 */
export function memberSubscriptionsOfUser(): SQL<StoredStanding[]> {
  return sql<StoredStanding[]>`(
    select coalesce(json_agg(json_build_object(
      'organizationId', ${billingAccounts.organizationId},
      'status', ${billingAccounts.status},
      'planId', ${billingAccounts.planId},
      'graceEndsAt', ${billingAccounts.graceEndsAt},
      'currentPeriodEnd', ${billingAccounts.currentPeriodEnd},
      'cancelAtPeriodEnd', ${billingAccounts.cancelAtPeriodEnd}
    )), '[]'::json)
    from ${billingAccounts}
    where ${billingAccounts.organizationId} in ${memberOrganizationIdsOfUser()}
  )`;
}

/** The subscriptions as the json of `memberSubscriptionsOfUser` holds them, with dates. */
export function toStandings(value: StoredStanding[] | string): {
  organizationId: string;
  status: string;
  planId: StoredStanding['planId'];
  graceEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}[] {
  // json arrives parsed from pg and PGlite; text only if a driver leaves it as it came.
  const standings = typeof value === 'string' ? (JSON.parse(value) as StoredStanding[]) : value;
  const toDate = (text: string | null) => (text === null ? null : new Date(text));
  return standings.map((standing) => ({
    organizationId: standing.organizationId,
    status: standing.status,
    planId: standing.planId,
    graceEndsAt: toDate(standing.graceEndsAt),
    currentPeriodEnd: toDate(standing.currentPeriodEnd),
    cancelAtPeriodEnd: standing.cancelAtPeriodEnd,
  }));
}
