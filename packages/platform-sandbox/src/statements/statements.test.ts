import { describe, expect, it } from 'vitest';
import { dayOf } from '../dates';
import { SandboxWorld } from '../personas/world';
import { PINNED_NOW, useSandbox } from '../test-support';
import {
  buildSampleCatalogue,
  describeSampleStatements,
  generateLargeDistroKidStatement,
  generateSampleStatements,
} from './index';

const now = PINNED_NOW;

describe('sample statements', () => {
  const files = describeSampleStatements('mid', { now });
  const byFormat = (format: string) => files.filter((file) => file.format === format);

  it('offers every supported format, deterministically', () => {
    expect(new Set(files.map((file) => file.format))).toEqual(
      new Set([
        'spotify_audience_timeline',
        'spotify_songs',
        'spotify_song_timeline',
        'spotify_playlists',
        'distrokid',
        'tunecore',
        'cdbaby',
        'awal',
        'bandcamp',
      ]),
    );
    const again = generateSampleStatements('mid', { now });
    expect(again.map((file) => file.bytes.toString('base64'))).toEqual(
      files.map((file) => file.bytes.toString('base64')),
    );
  });

  it("derives its songs from the persona's official videos, with the channel's artist name", () => {
    const world = new SandboxWorld(42, dayOf(Date.parse(now)));
    const persona = world.persona('mid');
    const songs = buildSampleCatalogue(persona);
    expect(songs.length).toBeGreaterThan(3);
    for (const song of songs) {
      const video = persona.youtube.videos.find((candidate) => candidate.id === song.videoId)!;
      expect(video.title).toBe(`${persona.definition.artistName} - ${song.title} (Official Video)`);
      expect(song.releaseDay).toBe(new Date(video.publishedAtMs).toISOString().slice(0, 10));
      expect(song.isrc).toMatch(/^IT[A-Z0-9]{3}\d{7}$/);
    }
    const songsTable = byFormat('spotify_songs')[0]!.bytes.toString('utf8');
    for (const song of songs) expect(songsTable).toContain(song.title);
  });

  it('has the quirks of real files', () => {
    const [tunecore] = byFormat('tunecore');
    expect([...tunecore!.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(tunecore!.bytes.toString('utf8')).toMatch(/\r\n/);
    expect(tunecore!.bytes.toString('utf8')).toMatch(/,"Crescendo Sandbox Records, Ltd\.",/);
    expect(tunecore!.bytes.toString('utf8')).toMatch(/,IT-[A-Z0-9]{3}-\d{2}-\d{5},/);
    const [cdbaby] = byFormat('cdbaby');
    expect([...cdbaby!.bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const [awal] = byFormat('awal');
    expect(awal!.bytes.includes(Buffer.from('R\u00e9union', 'latin1'))).toBe(true);
    const distrokid = byFormat('distrokid');
    expect(distrokid).toHaveLength(2);
    expect(distrokid[0]!.bytes.toString('utf8').endsWith('\n\n')).toBe(true);
    expect(distrokid[1]!.bytes.toString('utf8')).toMatch(/\t-\d+\t100\tSong\t/);
    const months = distrokid.map(
      (file) => new Set(file.bytes.toString('utf8').match(/\t\d{4}-\d{2}\t/g)),
    );
    const overlap = [...months[0]!].filter((month) => months[1]!.has(month));
    expect(overlap.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps distributor statements two to three months behind the clock', () => {
    const latest = (format: string) =>
      Math.max(
        ...byFormat(format).flatMap((file) =>
          file.bytes
            .toString(format === 'cdbaby' ? 'utf16le' : 'latin1')
            .split(/\r?\n/)
            .slice(1)
            .map((line) => line.match(/\b(20\d\d)-(\d\d)\b/))
            .filter((match) => match !== null)
            .map((match) => Number(match![1]) * 12 + Number(match![2])),
        ),
      );
    // June 2025: DistroKid has reached April, TuneCore March.
    expect(latest('distrokid')).toBeLessThanOrEqual(2025 * 12 + 6);
    expect(latest('tunecore')).toBeLessThanOrEqual(2025 * 12 + 6);
  });

  it('streams a large DistroKid statement of about 200 bytes a line', async () => {
    let bytes = 0;
    let lines = 0;
    for await (const chunk of generateLargeDistroKidStatement(5_000)) {
      bytes += chunk.length;
      lines += chunk.toString('utf8').split('\n').length - 1;
    }
    expect(lines).toBe(5_001);
    expect(bytes / lines).toBeGreaterThan(180);
    expect(bytes / lines).toBeLessThan(220);
  });
});

describe('sample statement routes', () => {
  const sandbox = useSandbox();

  it('lists every persona with download URLs, and serves each file with its name', async () => {
    const response = await fetch(`${sandbox.url}/statements`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      personas: Array<{
        id: string;
        artistName: string;
        files: Array<{ fileName: string; url: string; format: string }>;
      }>;
    };
    expect(body.personas.map((persona) => persona.id)).toEqual(['small', 'mid', 'large']);
    const small = body.personas[0]!;
    expect(small.artistName).toBe('Juniper Vale');
    const cdbaby = small.files.find((file) => file.format === 'cdbaby')!;
    const download = await fetch(cdbaby.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`filename="${cdbaby.fileName}"`);
    const bytes = Buffer.from(await download.arrayBuffer());
    const expected = generateSampleStatements('small', { now }).find(
      (file) => file.fileName === cdbaby.fileName,
    )!;
    expect(bytes.equals(expected.bytes)).toBe(true);
  });

  it('answers 404 for an unknown persona or file', async () => {
    expect((await fetch(`${sandbox.url}/statements/nobody/x.csv`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/statements/small/nothing.csv`)).status).toBe(404);
  });
});
