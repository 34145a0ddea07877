import { describe, expect, it } from 'vitest';
import { okRecords, readAll, rejections } from './test-support';

const tunecoreHeader =
  'Sales Period,Posted Date,Store Name,Country Of Sale,Artist,Release Type,Release Title,Song Title,Label,UPC,Optional UPC,TC Song ID,Optional ISRC,Sales Type,# Units Sold,Per Unit Price,Net Sales,Net Sales Currency,Exchange Rate,Total Earned,Currency';

describe('TuneCore sales report', () => {
  it('reads Total Earned in its Currency as the account currency', async () => {
    const file = [
      tunecoreHeader,
      '2024-04-01,2024-06-01,Google Play,GB,Juniper Vale,Single,Glass River,Glass River,Self,567890123456,,1234567,GBXYZ2400001,Streaming,2,0.000342,0.000684,USD,0.79,0.000542,GBP',
      '2024-04-01,2024-06-01,iTunes,DE,Juniper Vale,Album,Northern Lights,,Self,567890123457,,,,Download,1,9.99,6.99,EUR,0.85,5.94,GBP',
    ].join('\n');
    const { reader, rows } = await readAll(file);
    expect(reader).toMatchObject({ format: 'tunecore', source: 'tunecore', delimiter: ',' });
    expect(rejections(rows)).toEqual([]);
    expect(okRecords(rows)).toMatchObject([
      {
        saleMonth: '2024-04',
        reportedMonth: '2024-06',
        store: 'other',
        storeName: 'Google Play',
        country: 'GB',
        title: 'Glass River',
        releaseTitle: 'Glass River',
        isrc: 'GBXYZ2400001',
        upc: '567890123456',
        itemType: 'track',
        quantity: 2,
        earnings: '0.000542',
        currency: 'GBP',
        isAccountCurrency: true,
      },
      {
        store: 'itunes',
        itemType: 'release',
        title: 'Northern Lights',
        isrc: null,
        earnings: '5.94',
      },
    ]);
  });

  it('accepts the version with Commission, Youtube Video ID and Youtube Policy Type', async () => {
    const header = `${tunecoreHeader.replace(',Total Earned', ',Commission,Total Earned')},Youtube Video ID,Youtube Policy Type`;
    const line =
      '2024-05-01,2024-07-01,YouTube Art Tracks,US,A,Single,S,S,L,1,,1,USABC2400001,Streaming,10,0.001,0.01,USD,1,0.001,0.009,USD';
    const { reader, rows } = await readAll(
      [header, `${line},dQw4w9WgXcQ,Monetize`, `${line},abcdefghijk,Monetize`].join('\n'),
    );
    expect(reader.format).toBe('tunecore');
    const fingerprints = rows.map((row) => (row.ok ? row.fingerprint : null));
    expect(okRecords(rows)).toMatchObject([
      { earnings: '0.009', store: 'youtube' },
      { earnings: '0.009' },
    ]);
    // Two videos of one song are two lines, not one line seen twice.
    expect(new Set(fingerprints).size).toBe(2);
  });
});

describe('CD Baby sales report', () => {
  it('reads US dates with a time, lower-case ISRCs, quoted barcodes and Subtotal in USD', async () => {
    const file = [
      'Report Date\tSales Date\tQuantity\tPrice\tSubtotal\tIsrc\tBarcode\tCDBabySku\tAlbum Name\tArtist Name\tTrack Name\tPartner Name\tTransaction Type\tDelivery Country',
      '10/15/2023 12:00:00 AM\t7/31/2023 12:00:00 AM\t1\t0.09982699\t0.0998269974\tusx123000001\t"880000000001"\tartist1\tAlbum 1\tArtist 1\tExample\tAmazon Prime IN\tStream\tIN',
      '10/15/2023 12:00:00 AM\t7/31/2023 12:00:00 AM\t1\t9.99\t7.99\t\t"880000000001"\tartist1\tAlbum 1\tArtist 1\t\tCD Baby Store\tCD\tUS',
    ].join('\n');
    const { reader, rows } = await readAll(file, 'CdBaby.txt');
    expect(reader).toMatchObject({ format: 'cdbaby', delimiter: '\t' });
    expect(rejections(rows)).toEqual([]);
    expect(okRecords(rows)).toMatchObject([
      {
        saleMonth: '2023-07',
        reportedMonth: '2023-10',
        store: 'amazon_music',
        storeName: 'Amazon Prime IN',
        country: 'IN',
        isrc: 'USX123000001',
        upc: '880000000001',
        title: 'Example',
        releaseTitle: 'Album 1',
        itemType: 'track',
        earnings: '0.0998269974',
        currency: 'USD',
        isAccountCurrency: true,
      },
      { itemType: 'release', title: 'Album 1', isrc: null, store: 'other', earnings: '7.99' },
    ]);
  });
});

describe('AWAL statement', () => {
  it('reads NET SHARE ACCOUNT CURRENCY in ACCOUNT CURRENCY, day-first dates and country names', async () => {
    const file = [
      'STATEMENT PERIOD,ACCOUNT ID,CONTRACT ID,TRANSACTION DATE,SALE COUNTRY,STORE,SERVICE DETAIL,LABEL IMPRINT,PRODUCT ARTIST,PRODUCT,PRODUCT VERSION,ISRC,ACCOUNT CURRENCY,NET SHARE ACCOUNT CURRENCY',
      '2024-03,A1,C1,05/02/2024,United Kingdom,Spotify,Premium,Self,Juniper Vale,Glass River,,GBXYZ2400001,GBP,1.2345',
      '2024-03,A1,C1,2024-02-10,Germany,Apple Music,,Self,Juniper Vale,Northern Lights,,,GBP,-0.50',
    ].join('\n');
    const { reader, rows } = await readAll(file);
    expect(reader.format).toBe('awal');
    expect(rejections(rows)).toEqual([]);
    expect(okRecords(rows)).toMatchObject([
      {
        saleMonth: '2024-02',
        reportedMonth: '2024-03',
        country: 'GB',
        store: 'spotify',
        isrc: 'GBXYZ2400001',
        itemType: 'track',
        earnings: '1.2345',
        currency: 'GBP',
        isAccountCurrency: true,
      },
      { country: 'DE', itemType: 'release', earnings: '-0.5', store: 'apple_music' },
    ]);
  });
});

describe('Bandcamp sales report', () => {
  const header =
    'date,paid to,item type,item name,artist,currency,item price,quantity,discount code,sub total,transaction fee,fee type,item total,amount you received,bandcamp transaction id,paypal transaction id,net amount,upc,isrc,buyer country code';

  it("keeps each sale in its own currency, not the account's, and tells equal sales apart", async () => {
    const file = [
      header,
      '11/25/22 5:45pm,you@example.com,track,Glass River,Juniper Vale,GBP,1,1,,1,0.24,paypal,1,0.76,1234000001,X1,0.61,,GB-XYZ-22-00001,GB',
      '11/26/22 9:00am,you@example.com,track,Glass River,Juniper Vale,GBP,1,1,,1,0.24,paypal,1,0.76,1234000002,X2,0.61,,GB-XYZ-22-00001,GB',
      '12/2/22 7:56am,you@example.com,album,Northern Lights,Juniper Vale,EUR,7,1,,7,0.5,paypal,7,6.5,1234000003,X3,5.78,196589000001,,DE',
      '12/3/22 8:00am,you@example.com,package,Tour shirt,Juniper Vale,USD,20,2,,40,1,paypal,40,39,1234000004,X4,33.00,,,US',
    ].join('\n');
    const { reader, rows } = await readAll(file);
    expect(reader.format).toBe('bandcamp');
    expect(rejections(rows)).toEqual([]);
    const records = okRecords(rows);
    expect(records).toMatchObject([
      {
        saleMonth: '2022-11',
        store: 'bandcamp',
        itemType: 'track',
        isrc: 'GBXYZ2200001',
        earnings: '0.61',
        currency: 'GBP',
        isAccountCurrency: false,
        country: 'GB',
      },
      { saleMonth: '2022-11', earnings: '0.61' },
      {
        itemType: 'release',
        releaseTitle: 'Northern Lights',
        upc: '196589000001',
        currency: 'EUR',
      },
      { itemType: 'other', quantity: 2, earnings: '33', currency: 'USD' },
    ]);
    const fingerprints = rows.map((row) => row.ok && row.fingerprint);
    expect(new Set(fingerprints).size).toBe(4);
  });

  it('reads the older report without isrc, upc or country columns', async () => {
    const file =
      'date,paid to,item type,item name,artist,currency,item price,quantity,discount code,sub total,transaction fee,fee type,item total,amount you received,bandcamp transaction id,paypal transaction id,net amount\n' +
      '6/24/23 11:45am,me@example.com,track,BC 4,Pèrsona Dos,GBP,4.99,1,,4.99,0.5,paypal,4.99,4.49,,,4.2\n';
    const { rows } = await readAll(file);
    expect(okRecords(rows)).toMatchObject([
      { artist: 'Pèrsona Dos', isrc: null, country: null, earnings: '4.2', saleMonth: '2023-06' },
    ]);
  });
});

describe('Spotify for Artists exports', () => {
  it('reads the audience timeline', async () => {
    const { reader, rows } = await readAll(
      '\uFEFFdate,listeners,streams,followers\n2024-03-01,120,340,55\n2024-03-02,,0,56\n',
    );
    expect(reader).toMatchObject({ format: 'spotify_audience_timeline', source: 'spotify' });
    expect(okRecords(rows)).toEqual([
      {
        kind: 'spotify_audience_day',
        day: '2024-03-01',
        listeners: 120,
        streams: 340,
        followers: 55,
      },
      {
        kind: 'spotify_audience_day',
        day: '2024-03-02',
        listeners: null,
        streams: 0,
        followers: 56,
      },
    ]);
  });

  it('reads the songs table', async () => {
    const { reader, rows } = await readAll(
      'song,listeners,streams,saves,release_date\n"Glass River, Reprise",1200,5400,310,2023-11-03\nNorthern Lights,80,95,,\n',
    );
    expect(reader.format).toBe('spotify_songs');
    expect(okRecords(rows)).toEqual([
      {
        kind: 'spotify_song',
        title: 'Glass River, Reprise',
        listeners: 1200,
        streams: 5400,
        saves: 310,
        releaseDate: '2023-11-03',
      },
      {
        kind: 'spotify_song',
        title: 'Northern Lights',
        listeners: 80,
        streams: 95,
        saves: null,
        releaseDate: null,
      },
    ]);
  });

  it("reads one song's timeline, naming the song from the file name", async () => {
    const { reader, rows } = await readAll(
      'date,streams\n2024-03-01,12\n2024-03-02,15\n',
      'Glass River_timeline_2024-01-01_2024-03-31 (1).csv',
    );
    expect(reader.format).toBe('spotify_song_timeline');
    expect(okRecords(rows)).toEqual([
      { kind: 'spotify_song_day', songTitle: 'Glass River', day: '2024-03-01', streams: 12 },
      { kind: 'spotify_song_day', songTitle: 'Glass River', day: '2024-03-02', streams: 15 },
    ]);
  });

  it('reads the playlists table', async () => {
    const { reader, rows } = await readAll(
      'Playlist Name,Made By,Listeners,Streams,Date Added\nLate Night Indie,Spotify,540,1200,2024-02-11\nMy mix,someone,3,4,\n',
    );
    expect(reader.format).toBe('spotify_playlists');
    expect(okRecords(rows)).toEqual([
      {
        kind: 'spotify_playlist',
        name: 'Late Night Indie',
        madeBy: 'Spotify',
        listeners: 540,
        streams: 1200,
        dateAdded: '2024-02-11',
      },
      {
        kind: 'spotify_playlist',
        name: 'My mix',
        madeBy: 'someone',
        listeners: 3,
        streams: 4,
        dateAdded: null,
      },
    ]);
  });
});
