import { analyticsPlatforms, type AnalyticsPlatform } from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getFreshness, platformNames } from '../analytics';

/** The platforms in the dashboard's order, each once. */
export function orderPlatforms(platforms: readonly AnalyticsPlatform[]): AnalyticsPlatform[] {
  return analyticsPlatforms.filter((platform) => platforms.includes(platform));
}

/** "YouTube", "YouTube and Instagram", "YouTube, Instagram and Facebook". */
export function joinPlatformNames(platforms: readonly AnalyticsPlatform[]): string {
  const names = orderPlatforms(platforms).map((platform) => platformNames[platform]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}

/** The platforms a link can show: those with a connected account the dashboard reads. */
export async function listConnectedPlatforms(
  db: Database,
  organizationId: string,
): Promise<AnalyticsPlatform[]> {
  const viewer = { organization: { id: organizationId } };
  const accounts = await getFreshness(db, viewer, { platform: 'all' });
  return orderPlatforms(accounts.map((account) => account.platform));
}

/** The chosen platforms, ordered; a 400 naming any the organisation has not connected. */
export async function requireConnectedPlatforms(
  db: Database,
  organizationId: string,
  chosen: readonly AnalyticsPlatform[],
): Promise<AnalyticsPlatform[]> {
  const platforms = orderPlatforms(chosen);
  const connected = await listConnectedPlatforms(db, organizationId);
  const missing = platforms.filter((platform) => !connected.includes(platform));
  if (missing.length > 0) {
    const message = `Connect ${joinPlatformNames(missing)} first, or leave ${missing.length > 1 ? 'them' : 'it'} out.`;
    throw new AppError('VALIDATION_FAILED', message, {
      fields: [{ field: 'platforms', message }],
    });
  }
  return platforms;
}
