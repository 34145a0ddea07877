import { describe, expect, it } from 'vitest';
import { detectImport } from './index';
import { okRecords, readAll, rejections } from './test-support';

const oldHeader =
  'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)';
const newHeader =
  'Date Inserted\tReporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSource Type\tCountry of Sale\tSongwriter Royalties Withheld (USD)\tEarnings (USD)\tRecoup (USD)';

describe('DistroKid "Excruciating Detail"', () => {
  it('reads the older column set: track and album lines, USD earnings exactly as written', async () => {
    const file = [
      oldHeader,
      '2023-02-02\t2021-04\tSpotify\tJuniper Vale\tGlass River\tGB-XYZ-21-00001\t\t1200\t100\tSong\tGB\t0\t3.408000000001',
      '2023-02-08\t2022-05\tiTunes\tJuniper Vale\tNorthern Lights\t\t196589000001\t1\t100\tAlbum\tUS\t0\t6.93',
      '',
    ].join('\n');
    const { reader, rows } = await readAll(file, 'DistroKid_1700000000.tsv');
    expect(reader).toMatchObject({
      format: 'distrokid',
      source: 'distrokid',
      delimiter: '\t',
      encoding: 'utf-8',
    });
    expect(rejections(rows)).toEqual([]);
    expect(okRecords(rows)).toEqual([
      {
        kind: 'statement',
        saleMonth: '2021-04',
        reportedMonth: '2023-02',
        store: 'spotify',
        storeName: 'Spotify',
        country: 'GB',
        artist: 'Juniper Vale',
        title: 'Glass River',
        releaseTitle: null,
        isrc: 'GBXYZ2100001',
        upc: null,
        itemType: 'track',
        quantity: 1200,
        earnings: '3.408000000001',
        currency: 'USD',
        isAccountCurrency: true,
      },
      {
        kind: 'statement',
        saleMonth: '2022-05',
        reportedMonth: '2023-02',
        store: 'itunes',
        storeName: 'iTunes',
        country: 'US',
        artist: 'Juniper Vale',
        title: 'Northern Lights',
        releaseTitle: 'Northern Lights',
        isrc: null,
        upc: '196589000001',
        itemType: 'release',
        quantity: 1,
        earnings: '6.93',
        currency: 'USD',
        isAccountCurrency: true,
      },
    ]);
    expect(rows.map((row) => row.lineNumber)).toEqual([2, 3]);
  });

  it('reads the newer column set (Date Inserted, Source Type, Recoup) and negative corrections', async () => {
    const file = [
      newHeader,
      '2025-09-01\t2025-08-28\t2025-06\tYouTube (Red)\tNora Lumen\tSolstice\tITABC2500001\t\t-3\t100\tSong\tItaly\t0.00000\t-0.00412\t',
    ].join('\r\n');
    const { reader, rows } = await readAll(file);
    expect(reader.format).toBe('distrokid');
    expect(okRecords(rows)).toMatchObject([
      {
        store: 'youtube_music',
        storeName: 'YouTube (Red)',
        country: 'IT',
        quantity: -3,
        earnings: '-0.00412',
      },
    ]);
  });

  it('rejects a track line without a readable ISRC or earnings, and keeps the good lines', async () => {
    const file = [
      oldHeader,
      '2023-02-02\t2023-01\tDeezer\tA\tOne\tNOT-AN-ISRC\t\t1\t100\tSong\tFR\t0\t0.001',
      '2023-02-02\t2023-01\tDeezer\tA\tTwo\tFRABC2300002\t\t1\t100\tSong\tFR\t0\tabc',
      '2023-02-02\t2023-01\tDeezer\tA\tThree\tFRABC2300003\t\t1\t100\tSong\tFR\t0\t0.002',
    ].join('\n');
    const { rows } = await readAll(file);
    expect(rejections(rows)).toEqual([
      {
        lineNumber: 2,
        reason:
          "ISRC is not valid: 'NOT-AN-ISRC' (an ISRC has 12 characters, like US-S1Z-24-00001)",
      },
      { lineNumber: 3, reason: "Earnings (USD) is not a number: 'abc'" },
    ]);
    expect(okRecords(rows).map((record) => record.kind === 'statement' && record.title)).toEqual([
      'Three',
    ]);
  });

  it('is detected from the first bytes alone', () => {
    expect(detectImport(Buffer.from(`${oldHeader}\n2023-02-02\t2023`))).toEqual({
      format: 'distrokid',
      source: 'distrokid',
      encoding: 'utf-8',
      delimiter: '\t',
    });
  });
});
