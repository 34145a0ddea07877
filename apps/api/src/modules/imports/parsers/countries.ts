/**
 * Countries to ISO 3166-1 alpha-2 from what statements write: codes (`US`, `gb`), a few alpha-3
 * codes, or English names (`United States`, `Korea, Republic of`, `Türkiye`). Names come from the
 * runtime's own region names (Intl.DisplayNames) plus the spellings distributors use.
 */

const notCountries = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XX', 'XA', 'XB']);

/** Old codes the runtime still names (`UK` for GB, `YU` Yugoslavia): read as today's code. */
const deprecatedCodes: Record<string, string> = {
  AN: 'CW',
  BU: 'MM',
  CS: 'RS',
  DD: 'DE',
  DY: 'BJ',
  FX: 'FR',
  HV: 'BF',
  NH: 'VU',
  RH: 'ZW',
  SU: 'RU',
  TP: 'TL',
  UK: 'GB',
  VD: 'VN',
  YD: 'YE',
  YU: 'RS',
  ZR: 'CD',
};

const worldwide = new Set([
  '',
  '-',
  '--',
  'ww',
  'world',
  'worldwide',
  'unknown',
  'n/a',
  'na',
  'other',
  'row',
  'zz',
  'xx',
]);

const alpha3: Record<string, string> = {
  USA: 'US',
  GBR: 'GB',
  DEU: 'DE',
  FRA: 'FR',
  ITA: 'IT',
  ESP: 'ES',
  PRT: 'PT',
  NLD: 'NL',
  BEL: 'BE',
  CHE: 'CH',
  AUT: 'AT',
  SWE: 'SE',
  NOR: 'NO',
  DNK: 'DK',
  FIN: 'FI',
  IRL: 'IE',
  POL: 'PL',
  CZE: 'CZ',
  HUN: 'HU',
  ROU: 'RO',
  GRC: 'GR',
  TUR: 'TR',
  RUS: 'RU',
  UKR: 'UA',
  CAN: 'CA',
  MEX: 'MX',
  BRA: 'BR',
  ARG: 'AR',
  CHL: 'CL',
  COL: 'CO',
  PER: 'PE',
  AUS: 'AU',
  NZL: 'NZ',
  JPN: 'JP',
  KOR: 'KR',
  CHN: 'CN',
  HKG: 'HK',
  TWN: 'TW',
  SGP: 'SG',
  IND: 'IN',
  IDN: 'ID',
  MYS: 'MY',
  PHL: 'PH',
  THA: 'TH',
  VNM: 'VN',
  ZAF: 'ZA',
  NGA: 'NG',
  EGY: 'EG',
  ISR: 'IL',
  SAU: 'SA',
  ARE: 'AE',
};

const extraNames: Record<string, string> = {
  'united states of america': 'US',
  usa: 'US',
  america: 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  'korea republic of': 'KR',
  korea: 'KR',
  'republic of korea': 'KR',
  'russian federation': 'RU',
  'czech republic': 'CZ',
  turkey: 'TR',
  'viet nam': 'VN',
  'ivory coast': 'CI',
  'cote d ivoire': 'CI',
  macedonia: 'MK',
  swaziland: 'SZ',
  'hong kong': 'HK',
  'hong kong sar china': 'HK',
  macau: 'MO',
  'macao sar china': 'MO',
  'taiwan province of china': 'TW',
  'iran islamic republic of': 'IR',
  'bolivia plurinational state of': 'BO',
  'venezuela bolivarian republic of': 'VE',
  'tanzania united republic of': 'TZ',
  'moldova republic of': 'MD',
  holland: 'NL',
  'the netherlands': 'NL',
};

let namesToCodes: Map<string, string> | null = null;

function simplifyName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function readNamesToCodes(): Map<string, string> {
  if (namesToCodes) return namesToCodes;
  const names = new Map<string, string>();
  const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      if (notCountries.has(code)) continue;
      const name = displayNames.of(code);
      if (code in deprecatedCodes) continue;
      if (name && name !== code) names.set(simplifyName(name), code);
    }
  }
  for (const [name, code] of Object.entries(extraNames)) names.set(name, code);
  namesToCodes = names;
  return names;
}

let knownCodes: Set<string> | null = null;

/** Whether a two-letter code is a region the runtime knows (so `XY` is not taken for one). */
function isKnownCode(code: string): boolean {
  knownCodes ??= new Set(readNamesToCodes().values());
  return knownCodes.has(code);
}

/** ISO alpha-2 of a country cell; null for blanks, "worldwide" and names no list knows. */
export function normalizeCountry(raw: string): string | null {
  const text = raw.trim();
  if (worldwide.has(text.toLowerCase())) return null;
  const upper = text.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) {
    if (upper in deprecatedCodes) return deprecatedCodes[upper]!;
    return isKnownCode(upper) ? upper : null;
  }
  if (/^[A-Z]{3}$/.test(upper) && alpha3[upper]) return alpha3[upper];
  return readNamesToCodes().get(simplifyName(text)) ?? null;
}
