import type { Campaign } from '@crescendo/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { campaigns, contentItems } from '../../../db/schema';
import { prepareStatement } from '../../../db/statement';
import { toDate } from '../shared/sql';

type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Omit<
  typeof campaigns.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt'
>;

/** A campaign row as read by the query builder (timestamps as `Date`) or raw (as text). */
type CampaignFields = Omit<CampaignRow, 'organizationId' | 'createdAt' | 'updatedAt'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};

export function toCampaign(row: CampaignFields): Campaign {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    amount: Number(row.amount),
    currency: row.currency,
    startDate: row.startDate,
    endDate: row.endDate,
    linkedContentId: row.linkedContentId,
    linkedRelease: row.linkedRelease,
    extraRevenue: Number(row.extraRevenue),
    measureOn: row.measureOn,
    notes: row.notes,
    songIsrc: row.songIsrc,
    releaseUpc: row.releaseUpc,
    createdAt: (typeof row.createdAt === 'string'
      ? toDate(row.createdAt)
      : row.createdAt
    ).toISOString(),
    updatedAt: (typeof row.updatedAt === 'string'
      ? toDate(row.updatedAt)
      : row.updatedAt
    ).toISOString(),
  };
}

// Aliased as the table's own field names, so a row is a CampaignFields as it comes.
const selectCampaigns = prepareStatement<
  Omit<CampaignFields, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string },
  { organizationId: string }
>(sql`select ${campaigns.id} as "id", ${campaigns.name} as "name", ${campaigns.channel} as "channel",
      ${campaigns.amount} as "amount", ${campaigns.currency} as "currency",
      ${campaigns.startDate} as "startDate", ${campaigns.endDate} as "endDate",
      ${campaigns.linkedContentId} as "linkedContentId",
      ${campaigns.linkedRelease} as "linkedRelease", ${campaigns.extraRevenue} as "extraRevenue",
      ${campaigns.measureOn} as "measureOn", ${campaigns.notes} as "notes", ${campaigns.songIsrc} as "songIsrc",
      ${campaigns.releaseUpc} as "releaseUpc", ${campaigns.createdAt} as "createdAt",
      ${campaigns.updatedAt} as "updatedAt"
    from ${campaigns}
    where ${campaigns.organizationId} = ${sql.placeholder('organizationId')}
    order by ${campaigns.startDate} desc, ${campaigns.name} asc`);

export async function listCampaigns(db: Database, organizationId: string): Promise<Campaign[]> {
  const rows = await selectCampaigns(db, { organizationId });
  return rows.map(toCampaign);
}

export async function insertCampaign(
  db: Database,
  organizationId: string,
  values: CampaignValues,
): Promise<Campaign> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, organizationId })
    .returning();
  return toCampaign(row!);
}

export async function updateCampaign(
  db: Database,
  organizationId: string,
  id: string,
  values: CampaignValues,
): Promise<Campaign | null> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, id)))
    .returning();
  return row ? toCampaign(row) : null;
}

export async function deleteCampaign(
  db: Database,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, id)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function isContentOfOrganization(
  db: Database,
  organizationId: string,
  contentId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.organizationId, organizationId), eq(contentItems.id, contentId)))
    .limit(1);
  return rows.length > 0;
}
