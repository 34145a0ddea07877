import { DIGITS, createRng } from '../random';
import type { PersonaBuildInput } from './definitions';
import { PageActivity } from './meta-activity';

/** The persona's Facebook Page: its identity and its daily activity series. */
export type FacebookPage = {
  id: string;
  name: string;
  category: string;
  activity: PageActivity;
};

export function buildFacebookPage({
  definition,
  seed,
  anchorDay,
  releaseDays,
}: PersonaBuildInput): FacebookPage {
  const rng = createRng(seed ^ 0xfb);
  return {
    id: `1${rng.chars(DIGITS, 14)}`,
    name: definition.facebookPage.name,
    category: 'Musician/Band',
    activity: new PageActivity(
      seed,
      anchorDay,
      definition.facebookPage.dailyMediaViews,
      definition.facebookPage.followers,
      releaseDays,
    ),
  };
}
