import { describe, expect, it } from 'vitest';
import { dayOf } from '../dates';
import { PINNED_NOW } from '../test-support';
import { SandboxWorld } from './world';

const world = new SandboxWorld(42, dayOf(Date.parse(PINNED_NOW)));

describe('personas: one artist, one catalogue', () => {
  it.each(['small', 'mid', 'large'] as const)(
    '%s: every reel names a song of the YouTube release videos',
    (id) => {
      const persona = world.persona(id);
      const artist = persona.definition.artistName;
      const songs = persona.youtube.videos
        .filter((video) => video.title.endsWith(' (Official Video)'))
        .map((video) => video.title.slice(`${artist} - `.length, -' (Official Video)'.length));
      expect(songs.length).toBeGreaterThan(0);
      const reels = persona.instagram.media.filter((media) => media.productType === 'REELS');
      expect(reels.length).toBeGreaterThan(0);
      for (const reel of reels) {
        expect(
          songs.some((song) => reel.caption.includes(song)),
          reel.caption,
        ).toBe(true);
      }
      // More than one song: reels follow the releases over time.
      const named = new Set(reels.map((reel) => songs.find((song) => reel.caption.includes(song))));
      expect(named.size).toBeGreaterThan(1);
    },
  );

  it('keeps sandbox notes out of everything a user reads', () => {
    for (const persona of world.personas.values()) {
      const texts = [
        persona.youtube.description,
        ...persona.youtube.videos.flatMap((video) => [video.title, video.description]),
        persona.instagram.biography,
        ...persona.instagram.media.map((media) => media.caption),
        persona.tiktok.bio,
        ...persona.tiktok.videos.flatMap((video) => [video.title, video.description]),
      ];
      for (const text of texts) expect(text).not.toMatch(/sandbox|Crescendo tests/i);
    }
  });
});
