import { createRng, hash3 } from '../random';
import { PERSONAS, PERSONA_IDS, type PersonaDefinition, type PersonaId } from './definitions';
import { buildFacebookPage, type FacebookPage } from './facebook-page';
import { buildInstagramAccount, type InstagramAccount } from './instagram-account';
import { buildTikTokAccount, songsOf, type TikTokAccount } from './tiktok-account';
import { buildYouTubeChannel } from './youtube-channel';
import type { YouTubeChannel } from './youtube-model';
import { DIGITS } from '../random';

export type Persona = {
  id: PersonaId;
  definition: PersonaDefinition;
  facebookUser: { id: string; name: string };
  youtube: YouTubeChannel;
  instagram: InstagramAccount;
  page: FacebookPage;
  tiktok: TikTokAccount;
};

/**
 * All sandbox data for one seed. Personas are anchored at the clock's day when the sandbox starts;
 * moving the clock later only moves the visible window, it never rewrites history.
 */
export class SandboxWorld {
  readonly personas: ReadonlyMap<PersonaId, Persona>;

  constructor(
    readonly seed: number,
    readonly anchorDay: number,
  ) {
    this.personas = new Map(
      PERSONA_IDS.map((id, index) => [id, buildPersona(seed, index, id, anchorDay)]),
    );
  }

  persona(id: PersonaId): Persona {
    const persona = this.personas.get(id);
    if (!persona) throw new Error(`Unknown persona ${id}`);
    return persona;
  }

  findByChannelId(channelId: string): Persona | undefined {
    return [...this.personas.values()].find((p) => p.youtube.id === channelId);
  }

  findByTikTokOpenId(openId: string): Persona | undefined {
    return [...this.personas.values()].find((p) => p.tiktok.openId === openId);
  }

  findByUploadsPlaylistId(playlistId: string): Persona | undefined {
    return [...this.personas.values()].find((p) => p.youtube.uploadsPlaylistId === playlistId);
  }
}

function buildPersona(seed: number, index: number, id: PersonaId, anchorDay: number): Persona {
  const definition = PERSONAS[id];
  const personaSeed = hash3(seed, index + 1, 0x5a4d);
  const rng = createRng(personaSeed);
  const startDay = anchorDay - definition.youtube.historyDays;
  const releaseDays: number[] = [];
  for (
    let day = startDay + 20 + rng.int(0, 20);
    day < anchorDay - 5;
    day += definition.releaseEveryDays + rng.int(-15, 15)
  ) {
    releaseDays.push(day);
  }
  const input = { definition, anchorDay, releaseDays };
  const youtube = buildYouTubeChannel({ ...input, seed: hash3(personaSeed, 1, 0) });
  // Same artist, same songs: TikTok's videos and Instagram's reels are about the YouTube releases.
  const songs = songsOf(youtube.videos, releaseDays, definition.artistName);
  return {
    id,
    definition,
    facebookUser: { id: `10${rng.chars(DIGITS, 14)}`, name: definition.artistName },
    youtube,
    instagram: buildInstagramAccount({ ...input, seed: hash3(personaSeed, 2, 0), songs }),
    page: buildFacebookPage({ ...input, seed: hash3(personaSeed, 3, 0) }),
    tiktok: buildTikTokAccount({
      ...input,
      seed: hash3(personaSeed, 4, 0),
      songs,
    }),
  };
}
