import { normalizeCountry } from '../countries';
import { normalizeUpc } from '../identifiers';
import { mapStoreName } from '../stores';
import {
  emptyToNull,
  readQuantity,
  requireDecimal,
  requireIsrc,
  requireMonth,
  type FormatDefinition,
} from './format-definition';

/**
 * CD Baby sales report (tab-separated). Columns as in TrackShift's `CdBabyUpload.php` and
 * `test/files/CdBaby_Test.txt`: `Report Date, Sales Date, Quantity, Price, Subtotal, Isrc, Barcode,
 * CDBabySku, Album Name, Artist Name, Track Name, Partner Name, Transaction Type, Delivery
 * Country`; dates like `10/15/2023 12:00:00 AM` (month first); ISRCs may be lower case; money is
 * `Subtotal` in USD. A line without ISRC and without track name is an album sale.
 */
export const cdbabyFormat: FormatDefinition<
  | 'reportDate'
  | 'salesDate'
  | 'quantity'
  | 'subtotal'
  | 'isrc'
  | 'barcode'
  | 'sku'
  | 'album'
  | 'artist'
  | 'track'
  | 'partner'
  | 'country'
> = {
  format: 'cdbaby',
  source: 'cdbaby',
  columns: {
    reportDate: { aliases: ['report date'], isRequired: true },
    salesDate: { aliases: ['sales date', 'sale date'] },
    quantity: { aliases: ['quantity'], isRequired: true },
    subtotal: { aliases: ['subtotal'], isRequired: true },
    isrc: { aliases: ['isrc'], isRequired: true },
    barcode: { aliases: ['barcode', 'upc'] },
    sku: { aliases: ['cdbabysku', 'cd baby sku'], isRequired: true },
    album: { aliases: ['album name'] },
    artist: { aliases: ['artist name'] },
    track: { aliases: ['track name'] },
    partner: { aliases: ['partner name', 'store'] },
    country: { aliases: ['delivery country', 'country'] },
  },
  readRow(cells, context) {
    const track = emptyToNull(cells.text('track'));
    const album = emptyToNull(cells.text('album'));
    const isRelease = track === null && cells.text('isrc') === '';
    const storeName = cells.text('partner') || 'CD Baby';
    const reportedMonth = requireMonth(cells.text('reportDate'), 'Report Date');
    const salesDate = cells.text('salesDate');
    return {
      record: {
        kind: 'statement',
        saleMonth: salesDate ? requireMonth(salesDate, 'Sales Date') : reportedMonth,
        reportedMonth,
        store: mapStoreName(storeName),
        storeName,
        country: normalizeCountry(cells.text('country')),
        artist: emptyToNull(cells.text('artist')),
        title: isRelease ? album : track,
        releaseTitle: album,
        isrc: isRelease ? null : requireIsrc(cells.text('isrc')),
        upc: normalizeUpc(cells.text('barcode')),
        itemType: isRelease ? 'release' : 'track',
        quantity: readQuantity(cells.text('quantity'), 'Quantity', context, 0) ?? 0,
        earnings: requireDecimal(cells.text('subtotal'), 'Subtotal', context),
        currency: 'USD',
        isAccountCurrency: true,
      },
    };
  },
};
