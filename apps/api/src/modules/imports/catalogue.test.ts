import type { Import, SongDetailResponse, SongListResponse } from '@crescendo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsAccounts, contentItems, platformConnections } from '../../db/schema';
import {
  bearer,
  buildTestApp,
  createUser,
  type SignedInUser,
  type TestApp,
} from '../../testing/build-test-app';
import { distroKidFile, generateDistroKidLines, importFile } from '../../testing/imports';
import { createCatalogue, insertSong, insertStatementLines } from '../../testing/statements';
import { databaseTargets } from '../../testing/test-database';

/** Sums decimal strings exactly (as integers of 1e-12), independently of the code under test. */
function sumDecimals(values: string[]): bigint {
  return values.reduce((total, value) => {
    const isNegative = value.startsWith('-');
    const [whole = '0', fraction = ''] = value.replace(/^[-+]/, '').split('.');
    const units = BigInt(whole) * 10n ** 12n + BigInt(fraction.padEnd(12, '0').slice(0, 12));
    return total + (isNegative ? -units : units);
  }, 0n);
}

/** An exact sum as a number of cents, rounded half away from zero. */
function toCents(total: bigint): number {
  const magnitude = total < 0n ? -total : total;
  const cents = Number((magnitude + 5n * 10n ** 9n) / 10n ** 10n);
  return total < 0n ? -cents : cents;
}

/** The file's own figures, read from its text (never from the database). */
function readFileTotals(file: string) {
  const rows = file
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  const byIsrc = new Map<string, string[]>();
  for (const cells of rows) {
    const isrc = cells[5]!.replace(/-/g, '').toUpperCase();
    byIsrc.set(isrc, [...(byIsrc.get(isrc) ?? []), cells[12]!]);
  }
  return {
    earningsCents: toCents(sumDecimals(rows.map((cells) => cells[12]!))),
    quantity: rows.reduce((total, cells) => total + Number(cells[7]), 0),
    centsByIsrc: new Map([...byIsrc].map(([isrc, values]) => [isrc, toCents(sumDecimals(values))])),
  };
}

describe.each(databaseTargets)('catalogue and ledger truth (%s)', (target) => {
  let testApp: TestApp;
  let artist: SignedInUser;
  let stranger: SignedInUser;
  let entry: Import;
  const file = distroKidFile(
    generateDistroKidLines(300, { months: ['2024-11', '2024-12', '2025-01'] }),
  );
  const itemIds = { video: '', short: '', unrelated: '', strangers: '' };

  const get = (token: string, url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

  async function addContentItems(
    user: SignedInUser,
    items: { title: string; kind: 'video' | 'short' | 'reel' }[],
  ) {
    const db = testApp.database.db;
    const organizationId = user.me.organization.id;
    const [connection] = await db
      .insert(platformConnections)
      .values({
        organizationId,
        provider: 'youtube',
        externalAccountId: `channel-${organizationId}`,
        accountName: 'Nora Lumen',
        tokenKeyVersion: 1,
        scopes: [],
      })
      .returning({ id: platformConnections.id });
    const [account] = await db
      .insert(analyticsAccounts)
      .values({
        organizationId,
        connectionId: connection!.id,
        platform: 'youtube',
        externalId: `channel-${organizationId}`,
        name: 'Nora Lumen',
      })
      .returning({ id: analyticsAccounts.id });
    const rows = await db
      .insert(contentItems)
      .values(
        items.map((item, index) => ({
          organizationId,
          accountId: account!.id,
          externalId: `video-${index}`,
          kind: item.kind,
          title: item.title,
          publishedAt: new Date('2024-10-01T00:00:00Z'),
          permalink: `https://www.youtube.com/watch?v=video-${index}`,
          views: 1000 * (index + 1),
        })),
      )
      .returning({ id: contentItems.id });
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    testApp = await buildTestApp(target);
    artist = await createUser(testApp, 'customer', 'Nora Lumen');
    stranger = await createUser(testApp);
    entry = await importFile(testApp, artist.token, 'DistroKid.tsv', file);
    const [video, short, unrelated] = await addContentItems(artist, [
      { title: 'Nora Lumen - Glass River (Official Video)', kind: 'video' },
      { title: 'glass river #shorts', kind: 'short' },
      { title: 'Studio diary, part 3', kind: 'video' },
    ]);
    const [strangers] = await addContentItems(stranger, [{ title: 'Glass River', kind: 'video' }]);
    Object.assign(itemIds, { video, short, unrelated, strangers });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("totals an import exactly as the file's own lines add up, to the cent", () => {
    const truth = readFileTotals(file);
    expect(entry.status).toBe('done');
    expect(entry.totals.quantity).toBe(truth.quantity);
    expect(entry.totals.earnings).toEqual([{ currency: 'USD', amount: truth.earningsCents / 100 }]);
  });

  it('lists every song once by normalised ISRC, with earnings that add up to the file', async () => {
    const truth = readFileTotals(file);
    const answer = (await get(artist.token, '/api/v1/songs')).json<SongListResponse>();
    expect(answer.currency).toBe('USD');
    expect(answer.songs.map((song) => song.isrc).sort()).toEqual([
      'GBXYZ2100001',
      'GBXYZ2100002',
      'GBXYZ2400003',
    ]);
    for (const song of answer.songs) {
      expect(Math.round(song.earnings * 100)).toBe(truth.centsByIsrc.get(song.isrc));
      expect(song.linkedItems).toEqual([]);
    }
    // Glass River and Northern Lights came with their release's UPC; Solstice without one.
    const byIsrc = new Map(answer.songs.map((song) => [song.isrc, song]));
    expect(byIsrc.get('GBXYZ2100001')!.release).toEqual({
      upc: '196589000001',
      title: 'Glass River',
    });
    expect(byIsrc.get('GBXYZ2400003')!.release).toBeNull();
  });

  it('answers one song by its ISRC written with or without dashes, with earnings by store and country', async () => {
    const truth = readFileTotals(file);
    const dashed = await get(artist.token, '/api/v1/songs/GB-XYZ-21-00001');
    const plain = await get(artist.token, '/api/v1/songs/gbxyz2100001');
    expect(dashed.statusCode).toBe(200);
    expect(dashed.json()).toEqual(plain.json());
    const detail = dashed.json<SongDetailResponse>();
    expect(detail.song.title).toBe('Glass River');
    const cents = truth.centsByIsrc.get('GBXYZ2100001')!;
    const sumOf = (rows: { earnings: number }[]) =>
      Math.round(rows.reduce((total, row) => total + row.earnings, 0) * 100);
    expect(Math.abs(sumOf(detail.earningsByStore) - cents)).toBeLessThanOrEqual(
      detail.earningsByStore.length,
    );
    expect(Math.abs(sumOf(detail.earningsByCountry) - cents)).toBeLessThanOrEqual(
      detail.earningsByCountry.length,
    );
    expect(detail.earningsByStore.map((row) => row.key).sort()).toEqual(
      expect.arrayContaining(['spotify']),
    );
    expect(detail.earningsByCountry.find((row) => row.key === 'DE')?.label).toBe('Germany');
    expect(detail.timeline.map((point) => point.month)).toEqual(['2024-11', '2024-12', '2025-01']);
    expect(detail.sources).toEqual([
      { source: 'distrokid', through: '2025-01-31', importedAt: entry.finishedAt },
    ]);
    expect((await get(artist.token, '/api/v1/songs/GB-XYZ-99-99999')).statusCode).toBe(404);
    expect((await get(artist.token, '/api/v1/songs/not-an-isrc')).statusCode).toBe(400);
    expect((await get(stranger.token, '/api/v1/songs/GBXYZ2100001')).statusCode).toBe(404);
  });

  it('suggests items whose title names the song, with a confidence, and links only what the artist confirms', async () => {
    const before = (
      await get(artist.token, '/api/v1/songs/GBXYZ2100001')
    ).json<SongDetailResponse>();
    expect(before.song.linkedItems).toEqual([]);
    const suggested = new Map(
      before.suggestions.map((suggestion) => [suggestion.contentId, suggestion]),
    );
    expect(suggested.get(itemIds.video)?.confidence).toBe(1);
    expect(suggested.get(itemIds.short)?.confidence).toBe(1);
    expect(suggested.has(itemIds.unrelated)).toBe(false);
    expect(suggested.has(itemIds.strangers)).toBe(false);

    const linked = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/songs/GB-XYZ-21-00001/links',
      headers: bearer(artist.token),
      payload: { contentId: itemIds.video },
    });
    expect(linked.statusCode).toBe(200);
    const after = linked.json<SongDetailResponse>();
    expect(after.song.linkedItems).toEqual([
      {
        contentId: itemIds.video,
        platform: 'youtube',
        title: 'Nora Lumen - Glass River (Official Video)',
        url: 'https://www.youtube.com/watch?v=video-0',
        thumbnailUrl: null,
        lifetimeViews: 1000,
      },
    ]);
    expect(after.suggestions.map((suggestion) => suggestion.contentId)).toEqual([itemIds.short]);
    const list = (await get(artist.token, '/api/v1/songs')).json<SongListResponse>();
    expect(list.songs.find((song) => song.isrc === 'GBXYZ2100001')!.linkedItems).toHaveLength(1);

    // Another organisation's item is not found, whatever its title.
    const foreign = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/songs/GBXYZ2100001/links',
      headers: bearer(artist.token),
      payload: { contentId: itemIds.strangers },
    });
    expect(foreign.statusCode).toBe(404);

    const unlinked = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/songs/GBXYZ2100001/links/${itemIds.video}`,
      headers: bearer(artist.token),
    });
    expect(unlinked.statusCode).toBe(204);
    const again = (
      await get(artist.token, '/api/v1/songs/GBXYZ2100001')
    ).json<SongDetailResponse>();
    expect(again.song.linkedItems).toEqual([]);
    const missing = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/v1/songs/GBXYZ2100001/links/${itemIds.video}`,
      headers: bearer(artist.token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('remembers a dismissed suggestion for the whole organisation, server-side', async () => {
    const dismiss = (token: string, contentId: string, isrc = 'GB-XYZ-21-00001') =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/v1/songs/${isrc}/dismissals`,
        headers: bearer(token),
        payload: { contentId },
      });
    const before = (
      await get(artist.token, '/api/v1/songs/GBXYZ2100001')
    ).json<SongDetailResponse>();
    expect(before.suggestions.map((suggestion) => suggestion.contentId)).toEqual(
      expect.arrayContaining([itemIds.short]),
    );

    const dismissed = await dismiss(artist.token, itemIds.short);
    expect(dismissed.statusCode).toBe(200);
    const suggestionsOf = (answer: SongDetailResponse) =>
      answer.suggestions.map((suggestion) => suggestion.contentId);
    expect(suggestionsOf(dismissed.json<SongDetailResponse>())).not.toContain(itemIds.short);
    // A later read (any device, any member) no longer suggests it; dismissing twice is harmless.
    const later = (
      await get(artist.token, '/api/v1/songs/GBXYZ2100001')
    ).json<SongDetailResponse>();
    expect(suggestionsOf(later)).not.toContain(itemIds.short);
    expect(suggestionsOf(later)).toContain(itemIds.video);
    expect((await dismiss(artist.token, itemIds.short)).statusCode).toBe(200);

    // Only for this song: the item can still be linked by hand.
    const linked = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/songs/GBXYZ2100001/links',
      headers: bearer(artist.token),
      payload: { contentId: itemIds.short },
    });
    expect(
      linked.json<SongDetailResponse>().song.linkedItems.map((item) => item.contentId),
    ).toEqual([itemIds.short]);

    // Another organisation's item, an unknown song, a malformed id.
    expect((await dismiss(artist.token, itemIds.strangers)).statusCode).toBe(404);
    expect((await dismiss(artist.token, itemIds.video, 'GB-XYZ-99-99999')).statusCode).toBe(404);
    expect((await dismiss(artist.token, 'not-a-uuid')).statusCode).toBe(400);
    const strangerSong = (await get(stranger.token, '/api/v1/songs')).json<SongListResponse>();
    expect(strangerSong.songs).toEqual([]);
  });

  it("names each content row's linked song, so the content table links to the song page", async () => {
    const answer = await get(artist.token, '/api/dashboard/content?range=365d&pageSize=50');
    expect(answer.statusCode, answer.body).toBe(200);
    const items = answer.json<{ items: { id: string; song: unknown }[] }>().items;
    const songOf = new Map(items.map((item) => [item.id, item.song]));
    // The short was linked to Glass River above; the video was unlinked; the diary never was.
    expect(songOf.get(itemIds.short)).toEqual({ isrc: 'GBXYZ2100001', title: 'Glass River' });
    expect(songOf.get(itemIds.video)).toBeNull();
    expect(songOf.get(itemIds.unrelated)).toBeNull();
    expect(songOf.has(itemIds.strangers)).toBe(false);
  });

  it('keeps each currency apart: the organisation’s in the total and pay per unit, others beside it, never converted', async () => {
    const owner = await createUser(testApp, 'customer');
    const { db } = testApp.database;
    const catalogue = createCatalogue();
    await insertSong(db, owner.me.organization.id, catalogue, {
      isrc: 'ITABC2600001',
      title: 'Due Lune',
    });
    const line = (store: string, quantity: number, earnings: string, currency: string) => ({
      source: currency === 'USD' ? ('distrokid' as const) : ('awal' as const),
      saleMonth: '2026-03',
      store,
      country: 'IT',
      isrc: 'ITABC2600001',
      quantity,
      earnings,
      currency,
    });
    await insertStatementLines(db, owner.me.organization.id, catalogue, [
      line('spotify', 1000, '3.1000000000', 'USD'),
      line('spotify', 4000, '10.4000000000', 'EUR'),
      line('spotify', 500, '1.3000000000', 'EUR'),
      line('deezer', 300, '0.9000000000', 'EUR'),
    ]);
    const list = (await get(owner.token, '/api/v1/songs')).json<SongListResponse>();
    expect(list.songs[0]).toMatchObject({
      earnings: 3.1,
      otherCurrencies: [{ currency: 'EUR', amount: 12.6 }],
      // Units are units whatever the currency they were paid in.
      quantity: 5800,
    });
    const detail = (
      await get(owner.token, '/api/v1/songs/ITABC2600001')
    ).json<SongDetailResponse>();
    expect(detail.song.otherCurrencies).toEqual([{ currency: 'EUR', amount: 12.6 }]);
    expect(detail.earningsByStore).toEqual([
      // Pay per stream from the dollars' own streams, not diluted by the euro lines.
      { key: 'spotify', label: 'Spotify', earnings: 3.1, quantity: 1000, perUnit: 0.0031 },
      {
        key: 'spotify|EUR',
        label: 'Spotify',
        earnings: 11.7,
        quantity: 4500,
        perUnit: 0.0026,
        currency: 'EUR',
      },
      {
        key: 'deezer|EUR',
        label: 'Deezer',
        earnings: 0.9,
        quantity: 300,
        perUnit: 0.003,
        currency: 'EUR',
      },
    ]);
    expect(detail.earningsByCountry.map((row) => [row.key, row.earnings, row.currency])).toEqual([
      ['IT', 3.1, undefined],
      ['IT|EUR', 12.6, 'EUR'],
    ]);
  });
});
