import { normalizeCountry } from '../countries';
import { normalizeUpc } from '../identifiers';
import { mapStoreName } from '../stores';
import {
  emptyToNull,
  readQuantity,
  requireCurrency,
  requireDecimal,
  requireIsrc,
  requireMonth,
  requireText,
  type FormatDefinition,
} from './format-definition';

/**
 * AWAL statement (CSV). Columns as in TrackShift's `AWALUpload.php`: `STATEMENT PERIOD, ACCOUNT
 * ID, CONTRACT ID, TRANSACTION DATE, SALE COUNTRY, STORE, SERVICE DETAIL, LABEL IMPRINT, PRODUCT
 * ARTIST, PRODUCT, PRODUCT VERSION, ACCOUNT CURRENCY, NET SHARE ACCOUNT CURRENCY`; money is `NET
 * SHARE ACCOUNT CURRENCY` in `ACCOUNT CURRENCY`. Optional `ISRC`, `UPC`, `TRACK TITLE` and
 * `QUANTITY` are read when present: a line with an ISRC is a track, one without a release. The
 * transaction date is the sale month, the statement period the reporting month (a UK company:
 * ambiguous slashed dates are read day first).
 */
export const awalFormat: FormatDefinition<
  | 'statementPeriod'
  | 'accountId'
  | 'contractId'
  | 'transactionDate'
  | 'country'
  | 'store'
  | 'artist'
  | 'product'
  | 'trackTitle'
  | 'isrc'
  | 'upc'
  | 'quantity'
  | 'currency'
  | 'netShare'
> = {
  format: 'awal',
  source: 'awal',
  columns: {
    statementPeriod: { aliases: ['statement period'], isRequired: true },
    accountId: { aliases: ['account id'], isRequired: true },
    contractId: { aliases: ['contract id'], isRequired: true },
    transactionDate: { aliases: ['transaction date'], isRequired: true },
    country: { aliases: ['sale country'], isRequired: true },
    store: { aliases: ['store'], isRequired: true },
    artist: { aliases: ['product artist'] },
    product: { aliases: ['product'], isRequired: true },
    trackTitle: { aliases: ['track title', 'track'] },
    isrc: { aliases: ['isrc'] },
    upc: { aliases: ['upc', 'product upc'] },
    quantity: { aliases: ['quantity', 'units'] },
    currency: { aliases: ['account currency'], isRequired: true },
    netShare: { aliases: ['net share account currency'], isRequired: true },
  },
  readRow(cells, context) {
    const isRelease = cells.text('isrc') === '';
    const product = emptyToNull(cells.text('product'));
    const storeName = requireText(cells.text('store'), 'STORE');
    return {
      record: {
        kind: 'statement',
        saleMonth: requireMonth(cells.text('transactionDate'), 'TRANSACTION DATE', 'day-first'),
        reportedMonth: requireMonth(cells.text('statementPeriod'), 'STATEMENT PERIOD', 'day-first'),
        store: mapStoreName(storeName),
        storeName,
        country: normalizeCountry(cells.text('country')),
        artist: emptyToNull(cells.text('artist')),
        title: isRelease ? product : (emptyToNull(cells.text('trackTitle')) ?? product),
        releaseTitle: product,
        isrc: isRelease ? null : requireIsrc(cells.text('isrc')),
        upc: normalizeUpc(cells.text('upc')),
        itemType: isRelease ? 'release' : 'track',
        quantity: readQuantity(cells.text('quantity'), 'QUANTITY', context, 0) ?? 0,
        earnings: requireDecimal(cells.text('netShare'), 'NET SHARE ACCOUNT CURRENCY', context),
        currency: requireCurrency(cells.text('currency'), 'ACCOUNT CURRENCY'),
        isAccountCurrency: true,
      },
    };
  },
};
