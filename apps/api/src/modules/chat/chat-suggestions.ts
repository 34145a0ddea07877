import type { Database } from '../../db/client';
import type { CurrentUser } from '../users';
import { suggestedQuestions } from './analyst/compose-answer';
import { formatDay, platformNames, type PlatformChoice } from './analyst/formatting';
import { createAssistantTools } from './tools/assistant-tools';

function shortTitle(title: string): string {
  const plain = title
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 40 ? `${plain.slice(0, 39)}…` : plain;
}

/** Questions worth asking, drawn from the artist's own numbers (their songs, spikes, campaigns). */
export async function getSuggestions(db: Database, user: CurrentUser): Promise<string[]> {
  const tools = createAssistantTools(db, user);
  const [metrics, top, spikes, roi] = await Promise.all([
    tools.get_metrics.run({ range: '28d' }),
    tools.get_top_content.run({ range: '90d', limit: 1 }),
    tools.get_spikes.run({ range: '90d' }),
    tools.get_campaign_roi.run({}),
  ]);
  if (!(metrics.output as { hasConnections: boolean }).hasConnections) return suggestedQuestions;
  const questions: string[] = [];
  const platforms = Object.keys(
    (metrics.output as { byPlatform: Record<string, unknown> }).byPlatform,
  ) as PlatformChoice[];
  questions.push(
    platforms[0]
      ? `How many views did I get on ${platformNames[platforms[0]]} last month?`
      : 'How many views did I get last month?',
  );
  const item = (top.output as { items: { title: string }[] }).items[0];
  if (item) questions.push(`How is “${shortTitle(item.title)}” doing?`);
  const spike = (spikes.output as { spikes: { day: string }[] }).spikes.at(-1);
  if (spike) questions.push(`Why did my views spike on ${formatDay(spike.day)}?`);
  questions.push('When will I reach the next follower milestone?');
  questions.push('Where are my fans?');
  const campaign = (roi.output as { campaigns: { campaign: { name: string } }[] }).campaigns[0];
  if (campaign) questions.push(`Was my ${shortTitle(campaign.campaign.name)} campaign worth it?`);
  if (platforms.length > 1)
    questions.push('Which platform brought me the most followers this year?');
  return questions.slice(0, 6);
}
