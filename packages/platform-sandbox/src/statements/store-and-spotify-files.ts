import { DAY_MS, formatDay } from '../dates';
import { hashText, unit3 } from '../random';
import { encodeText, writeTable } from './encode';
import { formatNanos, lastDayOf, type SampleModel } from './model';
import type { SampleFileModel, SampleStatementFile } from './types';

/**
 * Bandcamp sales (one row per sale, in the buyer's currency, no exchange rate) and the four
 * Spotify for Artists exports (UTF-8 with a byte-order mark, as Spotify writes them), built from
 * the same model as the distributor statements so streams agree across files.
 */

const bandcampHeader = [
  'date',
  'paid to',
  'item type',
  'item name',
  'artist',
  'currency',
  'item price',
  'quantity',
  'discount code',
  'sub total',
  'transaction fee',
  'fee type',
  'item total',
  'amount you received',
  'bandcamp transaction id',
  'paypal transaction id',
  'net amount',
  'upc',
  'isrc',
  'buyer country code',
];

const currencies = ['GBP', 'EUR', 'USD'] as const;

/** Cents to nano-units, and Bandcamp's cut (18 %) taken exactly. */
function netNanosOf(priceCents: number): bigint {
  return (BigInt(priceCents) * 10_000_000n * 82n) / 100n;
}

export function writeBandcampFile(model: SampleModel, slug: string): SampleStatementFile[] {
  type Sale = {
    day: string;
    type: 'track' | 'album' | 'package';
    name: string;
    priceCents: number;
    isrc: string;
    upc: string;
  };
  const sales: Sale[] = [];
  for (const month of model.months) {
    const lastDay = Number(lastDayOf(month).slice(8));
    for (const song of model.songs) {
      const streams = model.streams(song, month);
      if (streams === 0) continue;
      const count = Math.min(
        4,
        Math.floor(unit3(model.seed, hashText(song.isrc), hashText(month)) * 2 + streams / 15_000),
      );
      for (let index = 0; index < count; index += 1) {
        const dayOfMonth = 1 + ((hashText(song.isrc + month) + index * 7) % lastDay);
        sales.push({
          day: `${month}-${String(dayOfMonth).padStart(2, '0')}`,
          type: 'track',
          name: song.title,
          priceCents: [100, 150, 200][index % 3]!,
          isrc: song.isrc,
          upc: '',
        });
      }
    }
    if (model.songs.length > 0) {
      sales.push({
        day: `${month}-14`,
        type: 'album',
        name: 'Singles, Vol. 1',
        priceCents: 700,
        isrc: '',
        upc: model.songs[0]!.upc,
      });
    }
    if (Number(month.slice(5)) % 2 === 0) {
      sales.push({
        day: `${month}-20`,
        type: 'package',
        name: 'Tour T-shirt, black',
        priceCents: 2000,
        isrc: '',
        upc: '',
      });
    }
  }
  sales.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const amounts: SampleFileModel['amounts'] = [];
  const rows = sales.map((sale, index) => {
    const currency = currencies[index % currencies.length]!;
    const net = netNanosOf(sale.priceCents);
    amounts.push({ quantity: 1, earningsNanos: net, currency });
    const [year, month, day] = sale.day.split('-').map(Number) as [number, number, number];
    const price = (sale.priceCents / 100).toFixed(2);
    return [
      `${month}/${day}/${String(year).slice(2)} ${1 + (index % 11)}:${String((index * 7) % 60).padStart(2, '0')}pm`,
      'artist@example.com',
      sale.type,
      sale.name,
      model.artistName,
      currency,
      price,
      1,
      '',
      price,
      '0.00',
      'paypal',
      price,
      price,
      String(1_000_000_000 + index),
      `PP${String(hashText(sale.day + index)).padStart(10, '0')}`,
      formatNanos(net),
      sale.upc,
      sale.isrc,
      ['GB', 'US', 'DE', 'FR', 'IT'][index % 5]!,
    ];
  });
  if (rows.length === 0) return [];
  return [
    {
      fileName: `bandcamp_sales_report_${slug}.csv`,
      format: 'bandcamp',
      source: 'bandcamp',
      bytes: encodeText(
        writeTable(bandcampHeader, rows, { delimiter: ',', lineEnd: '\n' }),
        'utf-8',
      ),
      model: { amounts, deliberateRejections: 0 },
    },
  ];
}

/** Spotify's share of a song's streams (the rest go to the other stores). */
const spotifyShare = 0.62;

export function writeSpotifyFiles(model: SampleModel): SampleStatementFile[] {
  const firstDay =
    Date.UTC(Number(model.months[0]!.slice(0, 4)), Number(model.months[0]!.slice(5)) - 1, 1) /
    DAY_MS;
  const lastDay = model.nowDay - 1;
  const days: string[] = [];
  for (let day = firstDay; day <= lastDay; day += 1) days.push(formatDay(day));

  /** A song's Spotify streams on a day: its month's streams spread evenly, remainder first. */
  const streamsOn = (songIndex: number, day: string): number => {
    const song = model.songs[songIndex]!;
    if (day < song.releaseDay) return 0;
    const month = day.slice(0, 7);
    const total = Math.round(model.streams(song, month) * spotifyShare);
    const daysInMonth = Number(lastDayOf(month).slice(8));
    const dayIndex = Number(day.slice(8)) - 1;
    return Math.floor(total / daysInMonth) + (dayIndex < total % daysInMonth ? 1 : 0);
  };

  const songTotals = model.songs.map(() => 0);
  let followers = Math.round(
    50 +
      3000 *
        (model.songs.length / 30) ** 2 *
        (model.personaId === 'large' ? 100 : model.personaId === 'mid' ? 8 : 0.2),
  );
  const audienceRows = days.map((day) => {
    let streams = 0;
    model.songs.forEach((_, songIndex) => {
      const count = streamsOn(songIndex, day);
      songTotals[songIndex]! += count;
      streams += count;
    });
    followers += Math.round(streams / 180);
    return [day, Math.round(streams / 2.4), streams, followers];
  });

  const songRows = model.songs.map((song, index) => [
    song.title,
    Math.round(songTotals[index]! / 3),
    songTotals[index]!,
    Math.round(songTotals[index]! / 25),
    song.releaseDay,
  ]);
  const topIndex = songTotals.indexOf(Math.max(...songTotals));
  const topSong = model.songs[topIndex];
  const files: SampleStatementFile[] = [
    spotifyFile(
      'spotify_audience_timeline',
      `${model.artistName}-audience-timeline.csv`,
      ['date', 'listeners', 'streams', 'followers'],
      audienceRows,
      2,
    ),
    spotifyFile(
      'spotify_songs',
      `${model.artistName}-songs-${days[0]}_${days.at(-1)}.csv`,
      ['song', 'listeners', 'streams', 'saves', 'release_date'],
      songRows,
      2,
    ),
  ];
  if (topSong) {
    const timelineRows = days
      .filter((day) => day >= topSong.releaseDay)
      .map((day) => [day, streamsOn(topIndex, day)]);
    files.push(
      spotifyFile(
        'spotify_song_timeline',
        `${topSong.title}_timeline_${days[0]}_${days.at(-1)}.csv`,
        ['date', 'streams'],
        timelineRows,
        1,
      ),
    );
  }
  const playlistRows = [
    'Fresh Finds',
    'Late Night Indie',
    'Morning Acoustic',
    `This Is ${model.artistName}`,
  ].map((name, index) => [
    name,
    index === 3 ? 'Spotify' : index === 0 ? 'Spotify' : `curator${index}`,
    40 * (index + 1),
    90 * (index + 1),
    days[Math.min(days.length - 1, index * 30)]!,
  ]);
  files.push(
    spotifyFile(
      'spotify_playlists',
      `${model.artistName}-playlists.csv`,
      ['playlist name', 'made by', 'listeners', 'streams', 'date added'],
      playlistRows,
      3,
    ),
  );
  return files;
}

function spotifyFile(
  format:
    'spotify_audience_timeline' | 'spotify_songs' | 'spotify_song_timeline' | 'spotify_playlists',
  fileName: string,
  header: string[],
  rows: Array<Array<string | number>>,
  streamsColumn: number,
): SampleStatementFile {
  return {
    fileName,
    format,
    source: 'spotify',
    bytes: encodeText(writeTable(header, rows, { delimiter: ',', lineEnd: '\n' }), 'utf-8-bom'),
    model: {
      amounts: rows.map((row) => ({
        quantity: Number(row[streamsColumn]),
        earningsNanos: 0n,
        currency: '',
      })),
      deliberateRejections: 0,
    },
  };
}
