import { normalizeCountry } from '../countries';
import { normalizeIsrc, normalizeUpc } from '../identifiers';
import {
  emptyToNull,
  quoteCell,
  LineError,
  readQuantity,
  requireCurrency,
  requireDecimal,
  requireMonth,
  requireText,
  type FormatDefinition,
} from './format-definition';

/**
 * Bandcamp sales report (CSV), one row per sale in the sale's currency. Columns as in TrackShift's
 * `BandcampUpload.php` and `test/files/bandcamp-simple-3-songs.csv`: `date, paid to, item type,
 * item name, artist, currency, item price, quantity, discount code, sub total, transaction fee,
 * fee type, item total, amount you received, bandcamp transaction id, paypal transaction id, net
 * amount`; newer reports add `upc`, `isrc`, `buyer country code`… Dates are `11/25/22 5:45pm`
 * (month first). The file gives no exchange rate, so lines are not in the account's currency.
 */
export const bandcampFormat: FormatDefinition<
  | 'date'
  | 'itemType'
  | 'itemName'
  | 'artist'
  | 'currency'
  | 'quantity'
  | 'netAmount'
  | 'transactionId'
  | 'upc'
  | 'isrc'
  | 'country'
> = {
  format: 'bandcamp',
  source: 'bandcamp',
  columns: {
    date: { aliases: ['date'], isRequired: true },
    itemType: { aliases: ['item type'], isRequired: true },
    itemName: { aliases: ['item name'], isRequired: true },
    artist: { aliases: ['artist'], isRequired: true },
    currency: { aliases: ['currency'], isRequired: true },
    quantity: { aliases: ['quantity'] },
    netAmount: { aliases: ['net amount'], isRequired: true },
    transactionId: { aliases: ['bandcamp transaction id'] },
    upc: { aliases: ['upc'] },
    isrc: { aliases: ['isrc'] },
    country: { aliases: ['buyer country code', 'country code', 'buyer country name', 'country'] },
  },
  readRow(cells, context) {
    const type = cells.text('itemType').toLowerCase();
    const itemType = type === 'track' ? 'track' : type === 'album' ? 'release' : 'other';
    const name = requireText(cells.text('itemName'), 'item name');
    const rawIsrc = cells.text('isrc');
    const isrc = rawIsrc ? normalizeIsrc(rawIsrc) : null;
    if (rawIsrc && isrc === null && itemType === 'track') {
      throw new LineError(`isrc is not valid: ${quoteCell(rawIsrc)}`);
    }
    return {
      record: {
        kind: 'statement',
        saleMonth: requireMonth(cells.text('date'), 'date'),
        reportedMonth: null,
        store: 'bandcamp',
        storeName: 'Bandcamp',
        country: normalizeCountry(cells.text('country')),
        artist: emptyToNull(cells.text('artist')),
        title: name,
        releaseTitle: itemType === 'release' ? name : null,
        isrc: itemType === 'track' ? isrc : null,
        upc: normalizeUpc(cells.text('upc')),
        itemType,
        quantity: readQuantity(cells.text('quantity'), 'quantity', context, 1) ?? 1,
        earnings: requireDecimal(cells.text('netAmount'), 'net amount', context),
        currency: requireCurrency(cells.text('currency'), 'currency'),
        isAccountCurrency: false,
      },
      // Two sales of one item in one month are two lines: the sale's time and id tell them apart.
      identity: [cells.text('date'), cells.text('transactionId')],
    };
  },
};
