import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotifyAudienceDays, spotifySongDays } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { importFile } from '../../testing/imports';
import { databaseTargets } from '../../testing/test-database';

type Day = { day: string; listeners: number; streams: number; followers: number };

/** A Spotify for Artists audience timeline export holding these days. */
function audienceFile(days: Day[]): string {
  return [
    'date,listeners,streams,followers',
    ...days.map((day) => `${day.day},${day.listeners},${day.streams},${day.followers}`),
  ].join('\n');
}

/** Days `first`..`last` of March 2025, with figures that say which export they came from. */
function marchDays(first: number, last: number, base: number): Day[] {
  return Array.from({ length: last - first + 1 }, (_, index) => {
    const date = first + index;
    return {
      day: `2025-03-${String(date).padStart(2, '0')}`,
      listeners: base + date,
      streams: base * 10 + date,
      followers: base * 100 + date,
    };
  });
}

/**
 * Two audience exports overlap: the latest import's value of a day wins, and deleting an import
 * gives its days back to the other import that covers them (never leaves a hole it did not make).
 */
describe.each(databaseTargets)('Spotify audience days across imports (%s)', (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function readDays(user: SignedInUser): Promise<Day[]> {
    return testApp.database.db
      .select({
        day: spotifyAudienceDays.day,
        listeners: spotifyAudienceDays.listeners,
        streams: spotifyAudienceDays.streams,
        followers: spotifyAudienceDays.followers,
      })
      .from(spotifyAudienceDays)
      .where(eq(spotifyAudienceDays.organizationId, user.me.organization.id))
      .orderBy(asc(spotifyAudienceDays.day)) as Promise<Day[]>;
  }

  async function deleteImport(user: SignedInUser, id: string) {
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/imports/${id}`,
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(204);
  }

  const older = marchDays(1, 5, 1);
  const newer = marchDays(3, 7, 2);

  async function importBoth(user: SignedInUser) {
    const first = await importFile(testApp, user.token, 'timeline-march.csv', audienceFile(older));
    const second = await importFile(testApp, user.token, 'timeline-later.csv', audienceFile(newer));
    expect([first.status, second.status]).toEqual(['done', 'done']);
    // Days 3–5 are in both: the later export's figures win.
    expect(await readDays(user)).toEqual([...older.slice(0, 2), ...newer]);
    return { first, second };
  }

  it('deleting the latest export gives the days an older export covers back to it', async () => {
    const artist = await createUser(testApp);
    const { second } = await importBoth(artist);
    await deleteImport(artist, second.id);
    // Days 3–5 fall back to the older export's values; 6–7 only the deleted one had.
    expect(await readDays(artist)).toEqual(older);
  });

  it('deleting the older export keeps the later one and drops only the days it alone had', async () => {
    const artist = await createUser(testApp);
    const { first } = await importBoth(artist);
    await deleteImport(artist, first.id);
    expect(await readDays(artist)).toEqual(newer);
  });

  it("another organisation's exports are never a fallback", async () => {
    const artist = await createUser(testApp);
    const other = await createUser(testApp);
    await importFile(testApp, other.token, 'timeline-march.csv', audienceFile(older));
    const mine = await importFile(testApp, artist.token, 'timeline-later.csv', audienceFile(newer));
    await deleteImport(artist, mine.id);
    expect(await readDays(artist)).toEqual([]);
    expect(await readDays(other)).toEqual(older);
  });
});

type SongDay = { songTitle: string; day: string; streams: number };

/** One song's timeline export (`date,streams`; the song is named by the file name). */
function songTimelineFile(days: Day[]): string {
  return ['date,streams', ...days.map((day) => `${day.day},${day.streams}`)].join('\n');
}

/** The same rule for one song's timeline: a deleted export gives its days back to an older one. */
describe.each(databaseTargets)('Spotify song timeline days across imports (%s)', (target) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp(target);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function readSongDays(user: SignedInUser): Promise<SongDay[]> {
    return testApp.database.db
      .select({
        songTitle: spotifySongDays.songTitle,
        day: spotifySongDays.day,
        streams: spotifySongDays.streams,
      })
      .from(spotifySongDays)
      .where(eq(spotifySongDays.organizationId, user.me.organization.id))
      .orderBy(asc(spotifySongDays.songTitle), asc(spotifySongDays.day)) as Promise<SongDay[]>;
  }

  const asSongDays = (songTitle: string, days: Day[]): SongDay[] =>
    days.map(({ day, streams }) => ({ songTitle, day, streams }));
  const older = marchDays(1, 5, 1);
  const newer = marchDays(3, 7, 2);
  const otherSong = marchDays(3, 7, 3);

  it('deleting the latest export of a song gives its days back to the older export', async () => {
    const artist = await createUser(testApp);
    const first = await importFile(
      testApp,
      artist.token,
      'Glass Harbour_timeline.csv',
      songTimelineFile(older),
    );
    const second = await importFile(
      testApp,
      artist.token,
      'Glass Harbour_timeline (1).csv',
      songTimelineFile(newer),
    );
    // Another song's export over the same days is untouched by either deletion.
    const other = await importFile(
      testApp,
      artist.token,
      'Night Ferry_timeline.csv',
      songTimelineFile(otherSong),
    );
    expect([first.status, second.status, other.status]).toEqual(['done', 'done', 'done']);
    expect(await readSongDays(artist)).toEqual([
      ...asSongDays('Glass Harbour', [...older.slice(0, 2), ...newer]),
      ...asSongDays('Night Ferry', otherSong),
    ]);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/imports/${second.id}`,
      headers: bearer(artist.token),
    });
    expect(response.statusCode).toBe(204);
    expect(await readSongDays(artist)).toEqual([
      ...asSongDays('Glass Harbour', older),
      ...asSongDays('Night Ferry', otherSong),
    ]);
  });
});
