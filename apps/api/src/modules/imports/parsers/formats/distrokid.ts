import { normalizeCountry } from '../countries';
import { normalizeUpc } from '../identifiers';
import { mapStoreName } from '../stores';
import {
  emptyToNull,
  readOptionalMonth,
  readQuantity,
  requireDecimal,
  requireIsrc,
  requireMonth,
  requireText,
  type FormatDefinition,
} from './format-definition';

/**
 * DistroKid, Bank → "See Excruciating Detail" (tab-separated). Columns as in TrackShift's
 * `DistroKidUpload.php` and `test/files/DistroKid_Test.tsv` (SuperHyperInstantFutureTime/
 * TrackShift): `Reporting Date, Sale Month, Store, Artist, Title, ISRC, UPC, Quantity, Team
 * Percentage, Song/Album, Country of Sale, Songwriter Royalties Withheld, Earnings (USD)`; files
 * since July 2025 add `Date Inserted`, `Source Type` (for `Song/Album`, though some still say
 * `Song/Album`), `Songwriter Royalties Withheld (USD)` and `Recoup (USD)`. `Sale Month` is
 * `YYYY-MM`, `Reporting Date` `YYYY-MM-DD`. Earnings are in USD after the team split.
 */
export const distrokidFormat: FormatDefinition<
  | 'reportingDate'
  | 'saleMonth'
  | 'store'
  | 'artist'
  | 'title'
  | 'isrc'
  | 'upc'
  | 'quantity'
  | 'itemKind'
  | 'country'
  | 'earnings'
> = {
  format: 'distrokid',
  source: 'distrokid',
  columns: {
    reportingDate: { aliases: ['reporting date'], isRequired: true },
    saleMonth: { aliases: ['sale month'], isRequired: true },
    store: { aliases: ['store'], isRequired: true },
    artist: { aliases: ['artist'], isRequired: true },
    title: { aliases: ['title'], isRequired: true },
    isrc: { aliases: ['isrc'], isRequired: true },
    upc: { aliases: ['upc'], isRequired: true },
    quantity: { aliases: ['quantity'], isRequired: true },
    itemKind: { aliases: ['song/album', 'source type'] },
    country: { aliases: ['country of sale'], isRequired: true },
    earnings: { aliases: ['earnings (usd)'], isRequired: true },
  },
  readRow(cells, context) {
    const kind = cells.text('itemKind').toLowerCase();
    const isRelease = kind === 'album' || (kind === '' && cells.text('isrc') === '');
    const title = emptyToNull(cells.text('title'));
    const storeName = requireText(cells.text('store'), 'Store');
    return {
      record: {
        kind: 'statement',
        saleMonth: requireMonth(cells.text('saleMonth'), 'Sale Month'),
        reportedMonth: readOptionalMonth(cells.text('reportingDate'), 'Reporting Date'),
        store: mapStoreName(storeName),
        storeName,
        country: normalizeCountry(cells.text('country')),
        artist: emptyToNull(cells.text('artist')),
        title,
        releaseTitle: isRelease ? title : null,
        isrc: isRelease ? null : requireIsrc(cells.text('isrc')),
        upc: normalizeUpc(cells.text('upc')),
        itemType: isRelease ? 'release' : 'track',
        quantity: readQuantity(cells.text('quantity'), 'Quantity', context, 0) ?? 0,
        earnings: requireDecimal(cells.text('earnings'), 'Earnings (USD)', context),
        currency: 'USD',
        isAccountCurrency: true,
      },
    };
  },
};
