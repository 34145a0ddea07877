import type { Insight } from '@crescendo/contracts';
import type { Database } from '../../../db/client';
import type { Scope } from '../shared/scope';
import { listInsights } from './insights.repository';

export async function listStoredInsights(
  db: Database,
  organizationId: string,
  scope: Scope,
): Promise<Insight[]> {
  const stored = await listInsights(
    db,
    organizationId,
    scope.range.from,
    scope.range.to,
    scope.platforms,
  );
  return stored.map((row) => {
    const evidence = row.evidence as Insight['evidence'];
    return {
      id: row.id,
      kind: row.kind,
      direction: (evidence as { direction?: 'up' | 'down' }).direction ?? 'up',
      platform: row.platform,
      day: row.day,
      title: row.title,
      description: row.description,
      evidence: {
        value: evidence.value ?? null,
        baseline: evidence.baseline ?? null,
        topContent: evidence.topContent ?? [],
        trafficSources: evidence.trafficSources ?? [],
      },
      createdAt: row.createdAt.toISOString(),
      isNew: row.seenAt === null,
    };
  });
}
