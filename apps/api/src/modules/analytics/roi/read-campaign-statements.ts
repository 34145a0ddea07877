import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  campaigns,
  organizations,
  releases,
  songs,
  spotifyAudienceDays,
  spotifySongDays,
  statementLines,
} from '../../../db/schema';
import { prepareStatement } from '../../../db/statement';
import { baselineLookbackDays } from '../calculations/roi';

const l = statementLines;
const s = songs;
const r = releases;
const g = campaigns;

// The window every campaign and its baseline cover: from `baselineLookbackDays` before the first
// campaign to the last one's end (nothing without campaigns), as the platform days are read.
const windowStart = sql`(select min(${g.startDate}) - ${sql.raw(String(baselineLookbackDays))}
  from ${g} where ${g.organizationId} = ${sql.placeholder('organizationId')})`;
const windowEnd = sql`(select max(${g.endDate}) from ${g}
  where ${g.organizationId} = ${sql.placeholder('organizationId')})`;

export type CampaignStatementMonth = {
  isrc: string;
  upc: string;
  /** `YYYY-MM`. */
  month: string;
  earnings: string;
};

/**
 * Statement earnings per song (ISRC), release (UPC) and sale month over the campaigns' window,
 * in the organisation's currency only (other lines are never converted).
 */
const selectStatementMonths = prepareStatement<CampaignStatementMonth, { organizationId: string }>(
  sql`select coalesce(${s.isrc}, '') as isrc, coalesce(${r.upc}, '') as upc,
      to_char(${l.saleMonth}, 'YYYY-MM') as month, sum(${l.earnings})::text as earnings
    from ${l}
    left join ${s} on ${s.organizationId} = ${l.organizationId} and ${s.id} = ${l.songId}
    left join ${r} on ${r.organizationId} = ${l.organizationId}
      and ${r.id} = coalesce(${l.releaseId}, ${s.releaseId})
    where ${l.organizationId} = ${sql.placeholder('organizationId')}
      and ${l.currency} = (select ${organizations.currency} from ${organizations}
        where ${organizations.id} = ${sql.placeholder('organizationId')})
      and ${l.saleMonth} between date_trunc('month', ${windowStart})::date and ${windowEnd}
    group by 1, 2, 3`,
);

export function readCampaignStatementMonths(db: Database, organizationId: string) {
  return selectStatementMonths(db, { organizationId });
}

export type CampaignStreamDay = {
  /** Empty for the artist's audience timeline. */
  isrc: string;
  upc: string;
  day_number: number;
  streams: string | number;
};

/**
 * Spotify streams per day over the campaigns' window: the artist's (audience timeline, empty
 * ISRC) and each song's whose timeline was exported and matched to the catalogue.
 */
const selectStreamDays = prepareStatement<CampaignStreamDay, { organizationId: string }>(
  sql`select '' as isrc, '' as upc, ${spotifyAudienceDays.day} - date '1970-01-01' as day_number,
      ${spotifyAudienceDays.streams} as streams
    from ${spotifyAudienceDays}
    where ${spotifyAudienceDays.organizationId} = ${sql.placeholder('organizationId')}
      and ${spotifyAudienceDays.streams} is not null
      and ${spotifyAudienceDays.day} between ${windowStart} and ${windowEnd}
    union all
    select ${s.isrc}, coalesce(${r.upc}, ''), ${spotifySongDays.day} - date '1970-01-01',
      ${spotifySongDays.streams}
    from ${spotifySongDays}
    inner join ${s} on ${s.organizationId} = ${spotifySongDays.organizationId}
      and ${s.id} = ${spotifySongDays.songId}
    left join ${r} on ${r.organizationId} = ${s.organizationId} and ${r.id} = ${s.releaseId}
    where ${spotifySongDays.organizationId} = ${sql.placeholder('organizationId')}
      and ${spotifySongDays.day} between ${windowStart} and ${windowEnd}`,
);

export function readCampaignStreamDays(db: Database, organizationId: string) {
  return selectStreamDays(db, { organizationId });
}

/** The titles of the songs and releases campaigns name (for the return's label). */
const selectSubjects = prepareStatement<
  { kind: 'song' | 'release'; key: string; title: string },
  { organizationId: string }
>(
  sql`select 'song' as kind, ${s.isrc} as key, ${s.title} as title from ${s}
    where ${s.organizationId} = ${sql.placeholder('organizationId')}
      and ${s.isrc} in (select ${g.songIsrc} from ${g}
        where ${g.organizationId} = ${sql.placeholder('organizationId')})
    union all
    select 'release', ${r.upc}, ${r.title} from ${r}
    where ${r.organizationId} = ${sql.placeholder('organizationId')}
      and ${r.upc} in (select ${g.releaseUpc} from ${g}
        where ${g.organizationId} = ${sql.placeholder('organizationId')})`,
);

export function readCampaignSubjects(db: Database, organizationId: string) {
  return selectSubjects(db, { organizationId });
}
