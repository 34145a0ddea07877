/** ISO 3166-1 alpha-2 codes of every country and territory; names come from the browser (Intl). */
const countryCodes =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'.split(
    ' ',
  );

export type Country = { code: string; name: string };

function createRegionNames(): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
}

let countries: Country[] | null = null;

/** Every country by its English name, A to Z. */
export function listCountries(): Country[] {
  if (countries) return countries;
  const names = createRegionNames();
  countries = countryCodes
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return countries;
}

export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  return listCountries().find((country) => country.code === code.toUpperCase())?.name ?? code;
}

/** The ISO code for a typed country name or code (any case); null when it names none. */
export function findCountryCode(text: string): string | null {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return null;
  const match = listCountries().find(
    (country) => country.name.toLowerCase() === wanted || country.code.toLowerCase() === wanted,
  );
  return match?.code ?? null;
}

const fallbackTimeZones = ['UTC'];

/** Every IANA time zone the browser knows. */
export function listTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return fallbackTimeZones;
  }
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}
