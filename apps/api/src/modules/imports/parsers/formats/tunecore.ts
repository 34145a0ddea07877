import { normalizeCountry } from '../countries';
import { normalizeUpc } from '../identifiers';
import { mapStoreName } from '../stores';
import {
  emptyToNull,
  readOptionalMonth,
  readQuantity,
  requireCurrency,
  requireDecimal,
  requireIsrc,
  requireMonth,
  requireText,
  type FormatDefinition,
} from './format-definition';

/**
 * TuneCore sales report (CSV). Columns as in TrackShift's `TuneCoreUpload.php` and
 * `test/files/Tunecore_Test.csv`: `Sales Period, Posted Date, Store Name, Country Of Sale, Artist,
 * Release Type, Release Title, Song Title, Label, UPC, Optional UPC, TC Song ID, Optional ISRC,
 * Sales Type, # Units Sold, Per Unit Price, Net Sales, Net Sales Currency, Exchange Rate, Total
 * Earned, Currency`; some versions add `Commission`, `Youtube Video ID`, `Youtube Policy Type`.
 * `Total Earned` is in the account currency (`Currency`) after the exchange rate. Dates are ISO
 * (`2020-04-01`); US slashes are read too.
 */
export const tunecoreFormat: FormatDefinition<
  | 'salesPeriod'
  | 'postedDate'
  | 'store'
  | 'country'
  | 'artist'
  | 'releaseType'
  | 'releaseTitle'
  | 'songTitle'
  | 'upc'
  | 'songId'
  | 'isrc'
  | 'units'
  | 'totalEarned'
  | 'currency'
  | 'youtubeVideoId'
> = {
  format: 'tunecore',
  source: 'tunecore',
  columns: {
    salesPeriod: { aliases: ['sales period'], isRequired: true },
    postedDate: { aliases: ['posted date'] },
    store: { aliases: ['store name'], isRequired: true },
    country: { aliases: ['country of sale'], isRequired: true },
    artist: { aliases: ['artist'] },
    releaseType: { aliases: ['release type'] },
    releaseTitle: { aliases: ['release title'], isRequired: true },
    songTitle: { aliases: ['song title'], isRequired: true },
    upc: { aliases: ['upc'] },
    songId: { aliases: ['tc song id'], isRequired: true },
    isrc: { aliases: ['optional isrc', 'isrc'], isRequired: true },
    units: { aliases: ['# units sold', 'units sold'], isRequired: true },
    totalEarned: { aliases: ['total earned'], isRequired: true },
    currency: { aliases: ['currency'], isRequired: true },
    youtubeVideoId: { aliases: ['youtube video id'] },
  },
  readRow(cells, context) {
    const songTitle = emptyToNull(cells.text('songTitle'));
    const releaseTitle = emptyToNull(cells.text('releaseTitle'));
    const isRelease = songTitle === null && cells.text('isrc') === '';
    const storeName = requireText(cells.text('store'), 'Store Name');
    const youtubeVideoId = cells.text('youtubeVideoId');
    return {
      record: {
        kind: 'statement',
        saleMonth: requireMonth(cells.text('salesPeriod'), 'Sales Period'),
        reportedMonth: readOptionalMonth(cells.text('postedDate'), 'Posted Date'),
        store: mapStoreName(storeName),
        storeName,
        country: normalizeCountry(cells.text('country')),
        artist: emptyToNull(cells.text('artist')),
        title: isRelease ? releaseTitle : songTitle,
        releaseTitle,
        isrc: isRelease ? null : requireIsrc(cells.text('isrc')),
        upc: normalizeUpc(cells.text('upc')),
        itemType: isRelease ? 'release' : 'track',
        quantity: readQuantity(cells.text('units'), '# Units Sold', context, 0) ?? 0,
        earnings: requireDecimal(cells.text('totalEarned'), 'Total Earned', context),
        currency: requireCurrency(cells.text('currency')),
        isAccountCurrency: true,
      },
      // One YouTube Content ID line per video: two videos of a song in one month are two lines.
      identity: youtubeVideoId ? [youtubeVideoId] : undefined,
    };
  },
};
