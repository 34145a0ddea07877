import { describe, expect, it } from 'vitest';
import { normalizeCountry } from './countries';
import { parseDay, parseMonth } from './dates';
import { readSongTitleFromFileName } from './formats/song-title';
import { normalizeIsrc, normalizeUpc } from './identifiers';
import { addDecimals, parseDecimal, roundDecimal } from './numbers';
import { mapStoreName } from './stores';

const us = { isDecimalCommaLocale: false };
const european = { isDecimalCommaLocale: true };

describe('parseDecimal', () => {
  it.each([
    ['0.00789993', '0.00789993'],
    ['-0.00412', '-0.00412'],
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['0,003456', '0.003456'],
    ['12,5', '12.5'],
    ['1,234,567', '1234567'],
    ['1.234.567', '1234567'],
    ['1 234,50', '1234.5'],
    ['(3.20)', '-3.2'],
    ['$4.99', '4.99'],
    ['+7', '7'],
    ['7.89993E-05', '0.0000789993'],
    ['1.5e3', '1500'],
    ['.5', '0.5'],
    ['-0.000', '0'],
    ['00012.3400', '12.34'],
  ])('reads %s as %s', (raw, expected) => {
    expect(parseDecimal(raw, us)).toBe(expected);
  });

  it('reads a lone comma before three digits as thousands, unless the file is of a decimal-comma locale', () => {
    expect(parseDecimal('1,234', us)).toBe('1234');
    expect(parseDecimal('1,234', european)).toBe('1.234');
    expect(parseDecimal('0,123', us)).toBe('0.123');
  });

  it.each(['abc', '', '1,2,3', '1.2.3,4,5', '12-3', '1,23,4.5', '--1', 'NaN'])(
    'refuses %j',
    (raw) => {
      expect(parseDecimal(raw, us)).toBeNull();
    },
  );

  it('adds and rounds exactly, where floats drift', () => {
    const values = Array.from({ length: 10 }, () => '0.1');
    expect(addDecimals(values)).toBe('1');
    expect(addDecimals(['0.00789993', '-0.00000001', '12'])).toBe('12.00789992');
    expect(roundDecimal('12.345', 2)).toBe('12.35');
    expect(roundDecimal('-12.345', 2)).toBe('-12.35');
    expect(roundDecimal('0.004', 2)).toBe('0');
  });
});

describe('dates', () => {
  it.each([
    ['2021-04', '2021-04-01'],
    ['2023-02-08', '2023-02-08'],
    ['10/15/2023 12:00:00 AM', '2023-10-15'],
    ['11/25/22 5:45pm', '2022-11-25'],
    ['31/01/2023', '2023-01-31'],
    ['31.01.2023', '2023-01-31'],
    ['Jan 2023', '2023-01-01'],
    ['January 15, 2023', '2023-01-15'],
    ['15 Jan 2023', '2023-01-15'],
    ['202304', '2023-04-01'],
    ['2024-03-01T00:00:00Z', '2024-03-01'],
  ])('reads %s as %s', (raw, expected) => {
    expect(parseDay(raw)).toBe(expected);
  });

  it('reads an ambiguous slashed date in the order the format uses', () => {
    expect(parseMonth('05/02/2024', 'day-first')).toBe('2024-02');
    expect(parseMonth('05/02/2024', 'month-first')).toBe('2024-05');
  });

  it.each(['2023-13-01', '2023-02-30', 'soon', '13/13/2023'])('refuses %s', (raw) => {
    expect(parseDay(raw)).toBeNull();
  });
});

describe('identifiers', () => {
  it('normalises ISRCs and refuses what is not one', () => {
    expect(normalizeIsrc('US-S1Z-24-00001')).toBe('USS1Z2400001');
    expect(normalizeIsrc(' us s1z 24 00001 ')).toBe('USS1Z2400001');
    expect(normalizeIsrc('ISRC: USS1Z2400001')).toBe('USS1Z2400001');
    expect(normalizeIsrc('USS1Z24000')).toBeNull();
    expect(normalizeIsrc('1234567890AB')).toBeNull();
  });

  it('keeps UPC digits only', () => {
    expect(normalizeUpc('="0880000000001"')).toBe('0880000000001');
    expect(normalizeUpc('196 589 000 001')).toBe('196589000001');
    expect(normalizeUpc('n/a')).toBeNull();
  });
});

describe('countries', () => {
  it.each([
    ['US', 'US'],
    ['gb', 'GB'],
    ['UK', 'GB'],
    ['United States', 'US'],
    ['United States of America', 'US'],
    ['United Kingdom', 'GB'],
    ['Germany', 'DE'],
    ['Korea, Republic of', 'KR'],
    ['South Korea', 'KR'],
    ['Türkiye', 'TR'],
    ['Turkey', 'TR'],
    ['Czech Republic', 'CZ'],
    ['Côte d’Ivoire', 'CI'],
    ['DEU', 'DE'],
    ['Vietnam', 'VN'],
  ])('reads %s as %s', (raw, expected) => {
    expect(normalizeCountry(raw)).toBe(expected);
  });

  it.each(['', 'WW', 'Worldwide', 'XX', 'ZZ', 'Atlantis', 'EU'])(
    'gives no country for %j',
    (raw) => {
      expect(normalizeCountry(raw)).toBeNull();
    },
  );
});

describe('stores', () => {
  it.each([
    ['Spotify', 'spotify'],
    ['Apple Music', 'apple_music'],
    ['iTunes', 'itunes'],
    ['iTunes Match', 'itunes'],
    ['YouTube (Red)', 'youtube_music'],
    ['YouTube Music', 'youtube_music'],
    ['YouTube (Ads)', 'youtube'],
    ['YouTube (ContentID)', 'youtube'],
    ['Amazon Unlimited', 'amazon_unlimited'],
    ['Amazon Music Unlimited', 'amazon_unlimited'],
    ['Amazon Prime IN', 'amazon_music'],
    ['Deezer', 'deezer'],
    ['TIDAL', 'tidal'],
    ['TikTok', 'tiktok'],
    ['Facebook / Instagram', 'instagram_facebook'],
    ['Resso', 'resso'],
    ['Pandora', 'pandora'],
    ['SoundCloud', 'soundcloud'],
    ['Napster', 'napster'],
    ['Tencent (QQ Music)', 'tencent'],
    ['Google Play', 'other'],
    ['Some Radio', 'other'],
  ])('maps %s to %s', (name, key) => {
    expect(mapStoreName(name)).toBe(key);
  });
});

describe("a song timeline's title from its file name", () => {
  it.each([
    ['Glass River.csv', 'Glass River'],
    ['Glass River-timeline.csv', 'Glass River'],
    ['Glass_River_timeline_2024-01-01_2024-03-31 (1).csv', 'Glass River'],
    ['Glass River - streams - last 28 days.csv', 'Glass River'],
    ['exports/Northern Lights_20240101-20240331.csv', 'Northern Lights'],
    ['Timeline.csv', 'Timeline'],
    ['Hold On To.csv', 'Hold On To'],
  ])('%s → %s', (fileName, title) => {
    expect(readSongTitleFromFileName(fileName)).toBe(title);
  });
});
