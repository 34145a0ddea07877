import { hashText } from '../random';
import { encodeText, writeTable } from './encode';
import { formatNanos, lastDayOf, type SampleModel, type StatementLine } from './model';
import type { SampleStatementFile } from './types';

/**
 * Distributor statements written from the model, each with the quirks of its real files:
 * DistroKid tab-separated in two overlapping downloads (older and newer column sets, a negative
 * correction, a trailing empty line); TuneCore with a byte-order mark, CRLF, dashed ISRCs and
 * quoted commas; CD Baby as UTF-16 LE with US dates and one unreadable line; AWAL in
 * Windows-1252 with country names (Réunion); Bandcamp sales in their own currencies.
 */

const label = 'Crescendo Sandbox Records, Ltd.';

function amountOf(line: StatementLine) {
  return { quantity: line.quantity, earningsNanos: line.earningsNanos, currency: line.currency };
}

function rangeOf(lines: readonly StatementLine[]): string {
  const months = lines.map((line) => line.saleMonth).sort();
  return `${months[0] ?? 'none'}_${months.at(-1) ?? 'none'}`;
}

export function writeDistroKidFiles(model: SampleModel, slug: string): SampleStatementFile[] {
  const lines = model.linesOf('distrokid');
  const months = [...new Set(lines.map((line) => line.saleMonth))].sort();
  if (months.length === 0) return [];
  // Two downloads that overlap by two months, as when an artist downloads every quarter.
  const middle = Math.max(1, Math.floor(months.length / 2));
  const firstMonths = new Set(months.slice(0, Math.min(months.length, middle + 2)));
  const secondMonths = new Set(months.slice(middle));
  const older = lines.filter((line) => firstMonths.has(line.saleMonth));
  const newer = lines.filter((line) => secondMonths.has(line.saleMonth));
  // A correction: the store took back some of an earlier month's streams.
  const corrected = newer.find((line) => line.quantity > 10) ?? newer[0];
  const correction: StatementLine[] = corrected
    ? [
        {
          ...corrected,
          reportedDay: newer.at(-1)!.reportedDay,
          quantity: -Math.max(1, Math.floor(corrected.quantity / 10)),
          earningsNanos: -corrected.earningsNanos / 10n,
        },
      ]
    : [];
  const newerWithCorrection = [...newer, ...correction];

  const oldHeader = [
    'Reporting Date',
    'Sale Month',
    'Store',
    'Artist',
    'Title',
    'ISRC',
    'UPC',
    'Quantity',
    'Team Percentage',
    'Song/Album',
    'Country of Sale',
    'Songwriter Royalties Withheld',
    'Earnings (USD)',
  ];
  const newHeader = [
    'Date Inserted',
    'Reporting Date',
    'Sale Month',
    'Store',
    'Artist',
    'Title',
    'ISRC',
    'UPC',
    'Quantity',
    'Team Percentage',
    'Source Type',
    'Country of Sale',
    'Songwriter Royalties Withheld (USD)',
    'Earnings (USD)',
    'Recoup (USD)',
  ];
  const oldRow = (line: StatementLine) => [
    line.reportedDay,
    line.saleMonth,
    line.storeName,
    model.artistName,
    line.song.title,
    line.song.isrc,
    // DistroKid writes the UPC on some lines of a song and leaves it blank on the others (the
    // same lines in every download, so a line's own fields decide).
    hashText(line.song.isrc + line.storeName + line.country + line.saleMonth) % 7 === 0
      ? line.song.upc
      : '',
    line.quantity,
    100,
    'Song',
    line.country,
    '0',
    formatNanos(line.earningsNanos),
  ];
  const newRow = (line: StatementLine) => [
    line.reportedDay,
    ...oldRow(line).slice(0, 11),
    '0.000000000',
    formatNanos(line.earningsNanos),
    '',
  ];
  return [
    {
      fileName: `DistroKid_${slug}_${rangeOf(older)}.tsv`,
      format: 'distrokid',
      source: 'distrokid',
      bytes: encodeText(
        writeTable(oldHeader, older.map(oldRow), {
          delimiter: '\t',
          lineEnd: '\n',
          hasTrailingEmptyLine: true,
        }),
        'utf-8',
      ),
      model: { amounts: older.map(amountOf), deliberateRejections: 0 },
    },
    {
      fileName: `DistroKid_${slug}_${rangeOf(newer)}.tsv`,
      format: 'distrokid',
      source: 'distrokid',
      bytes: encodeText(
        writeTable(newHeader, newerWithCorrection.map(newRow), { delimiter: '\t', lineEnd: '\n' }),
        'utf-8',
      ),
      model: { amounts: newerWithCorrection.map(amountOf), deliberateRejections: 0 },
    },
  ];
}

function dashIsrc(isrc: string): string {
  return `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}`;
}

export function writeTuneCoreFile(model: SampleModel, slug: string): SampleStatementFile[] {
  const lines = model.linesOf('tunecore');
  if (lines.length === 0) return [];
  const header = [
    'Sales Period',
    'Posted Date',
    'Store Name',
    'Country Of Sale',
    'Artist',
    'Release Type',
    'Release Title',
    'Song Title',
    'Label',
    'UPC',
    'Optional UPC',
    'TC Song ID',
    'Optional ISRC',
    'Sales Type',
    '# Units Sold',
    'Per Unit Price',
    'Net Sales',
    'Net Sales Currency',
    'Exchange Rate',
    'Commission',
    'Total Earned',
    'Currency',
  ];
  const rows = lines.map((line) => [
    `${line.saleMonth}-01`,
    line.reportedDay,
    line.storeName,
    line.country,
    model.artistName,
    'Single',
    line.song.title,
    line.song.title,
    label,
    line.song.upc,
    '',
    String(100000 + model.songs.indexOf(line.song)),
    dashIsrc(line.song.isrc),
    'Streaming',
    line.quantity,
    formatNanos(line.earningsNanos / BigInt(Math.max(1, line.quantity))),
    formatNanos(line.earningsNanos),
    'USD',
    '1',
    '0.000000000',
    formatNanos(line.earningsNanos),
    'USD',
  ]);
  return [
    {
      fileName: `TuneCore_Sales_Report_${slug}_${rangeOf(lines)}.csv`,
      format: 'tunecore',
      source: 'tunecore',
      bytes: encodeText(writeTable(header, rows, { delimiter: ',', lineEnd: '\r\n' }), 'utf-8-bom'),
      model: { amounts: lines.map(amountOf), deliberateRejections: 0 },
    },
  ];
}

/** `10/15/2023 12:00:00 AM`, as CD Baby writes dates. */
function formatUsDate(day: string): string {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  return `${month}/${dayOfMonth}/${year} 12:00:00 AM`;
}

export function writeCdBabyFile(model: SampleModel, slug: string): SampleStatementFile[] {
  const lines = model.linesOf('cdbaby');
  if (lines.length === 0) return [];
  const header = [
    'Report Date',
    'Sales Date',
    'Quantity',
    'Price',
    'Subtotal',
    'Isrc',
    'Barcode',
    'CDBabySku',
    'Album Name',
    'Artist Name',
    'Track Name',
    'Partner Name',
    'Transaction Type',
    'Delivery Country',
  ];
  const rows = lines.map((line) => [
    formatUsDate(line.reportedDay),
    formatUsDate(lastDayOf(line.saleMonth)),
    line.quantity,
    formatNanos(line.earningsNanos / BigInt(Math.max(1, line.quantity))),
    formatNanos(line.earningsNanos),
    line.song.isrc.toLowerCase(),
    line.song.upc,
    model.artistName.toLowerCase().replace(/[^a-z]/g, ''),
    line.song.title,
    model.artistName,
    line.song.title,
    line.storeName,
    'Stream',
    line.country,
  ]);
  // One line a person has to look at: the store sent no amount.
  const broken = [...rows[0]!];
  broken[4] = 'n/a';
  return [
    {
      fileName: `CDBaby_Accounting_${slug}_${rangeOf(lines)}.txt`,
      format: 'cdbaby',
      source: 'cdbaby',
      bytes: encodeText(
        writeTable(header, [...rows, broken], { delimiter: '\t', lineEnd: '\r\n' }),
        'utf-16le-bom',
      ),
      model: { amounts: lines.map(amountOf), deliberateRejections: 1 },
    },
  ];
}

/** AWAL names countries in English; Réunion's accent is the Windows-1252 test. */
const countryNames: Record<string, string> = {
  US: 'United States',
  GB: 'United Kingdom',
  DE: 'Germany',
  FR: 'France',
  IT: 'Italy',
  BR: 'Brazil',
  IN: 'India',
  RE: 'Réunion',
};

export function writeAwalFile(model: SampleModel, slug: string): SampleStatementFile[] {
  const lines = model.linesOf('awal');
  if (lines.length === 0) return [];
  const header = [
    'STATEMENT PERIOD',
    'ACCOUNT ID',
    'CONTRACT ID',
    'TRANSACTION DATE',
    'SALE COUNTRY',
    'STORE',
    'SERVICE DETAIL',
    'LABEL IMPRINT',
    'PRODUCT ARTIST',
    'PRODUCT',
    'PRODUCT VERSION',
    'ISRC',
    'UPC',
    'QUANTITY',
    'ACCOUNT CURRENCY',
    'NET SHARE ACCOUNT CURRENCY',
  ];
  const rows = lines.map((line) => [
    line.reportedDay.slice(0, 7),
    'AWAL-000417',
    'C-2291',
    // AWAL is British: day first.
    lastDayOf(line.saleMonth).split('-').reverse().join('/'),
    countryNames[line.country] ?? line.country,
    line.storeName,
    'Écoute premium',
    'Lumière Éditions',
    model.artistName,
    line.song.title,
    'Original',
    line.song.isrc,
    line.song.upc,
    line.quantity,
    line.currency,
    formatNanos(line.earningsNanos),
  ]);
  return [
    {
      fileName: `AWAL_Statement_${slug}_${rangeOf(lines)}.csv`,
      format: 'awal',
      source: 'awal',
      bytes: encodeText(
        writeTable(header, rows, { delimiter: ',', lineEnd: '\r\n' }),
        'windows-1252',
      ),
      model: { amounts: lines.map(amountOf), deliberateRejections: 0 },
    },
  ];
}
