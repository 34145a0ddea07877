/**
 * The three sandbox personas. Targets are approximate: the generated series are calibrated to
 * land near them, and the exact values follow from the seed.
 */
export type PersonaId = 'small' | 'mid' | 'large';

export const PERSONA_IDS: readonly PersonaId[] = ['small', 'mid', 'large'];

export type PersonaDefinition = {
  id: PersonaId;
  label: string;
  artistName: string;
  handle: string;
  homeCountry: string;
  /** Who the artist is, as the demo account's profile says it (same name, same country). */
  profile: { city: string; timezone: string; bio: string; genres: string[] };
  youtube: {
    historyDays: number;
    videoCount: number;
    shortsShare: number;
    liveStreamCount: number;
    targetLifetimeViews: number;
    targetSubscribers: number;
    isMonetized: boolean;
    /** Below YouTube's privacy thresholds: demographic reports come back without rows. */
    isBelowPrivacyThreshold: boolean;
  };
  releaseEveryDays: number;
  instagram: {
    username: string;
    followers: number;
    follows: number;
    mediaCount: number;
    dailyReach: number;
  };
  facebookPage: { name: string; followers: number; dailyMediaViews: number };
  /** TikTok counts are lifetime snapshots: these are the targets at the anchor day. */
  tiktok: {
    username: string;
    followers: number;
    following: number;
    historyDays: number;
    /** Videos posted per week, releases aside. */
    videosPerWeek: number;
    /** Median lifetime views of a video that is not a release teaser. */
    medianViews: number;
    isVerified: boolean;
  };
};

/** What each platform's generator is built from: one persona, its seed and its release calendar. */
export type PersonaBuildInput = {
  definition: PersonaDefinition;
  seed: number;
  anchorDay: number;
  releaseDays: readonly number[];
};

export const PERSONAS: Record<PersonaId, PersonaDefinition> = {
  small: {
    id: 'small',
    label: 'Small artist',
    artistName: 'Juniper Vale',
    handle: 'junipervale',
    homeCountry: 'GB',
    profile: {
      city: 'Bristol',
      timezone: 'Europe/London',
      bio: 'Folk songwriter from Bristol. First EP out now.',
      genres: ['folk', 'singer-songwriter'],
    },
    youtube: {
      historyDays: 540,
      videoCount: 36,
      shortsShare: 0.4,
      liveStreamCount: 0,
      targetLifetimeViews: 55_000,
      targetSubscribers: 850,
      isMonetized: false,
      isBelowPrivacyThreshold: true,
    },
    releaseEveryDays: 120,
    instagram: {
      username: 'junipervale.music',
      followers: 87,
      follows: 140,
      mediaCount: 48,
      dailyReach: 30,
    },
    facebookPage: { name: 'Juniper Vale', followers: 64, dailyMediaViews: 12 },
    tiktok: {
      username: 'junipervale',
      followers: 1_240,
      following: 212,
      historyDays: 300,
      videosPerWeek: 1,
      medianViews: 900,
      isVerified: false,
    },
  },
  mid: {
    id: 'mid',
    label: 'Mid-size artist',
    artistName: 'Nora Lumen',
    handle: 'noralumen',
    homeCountry: 'IT',
    profile: {
      city: 'Milan',
      timezone: 'Europe/Rome',
      bio: 'Dream-pop songwriter from Milan. Two EPs out, debut album in 2027.',
      genres: ['dream pop', 'indie'],
    },
    youtube: {
      historyDays: 1100,
      videoCount: 300,
      shortsShare: 0.4,
      liveStreamCount: 0,
      targetLifetimeViews: 9_500_000,
      targetSubscribers: 45_000,
      isMonetized: true,
      isBelowPrivacyThreshold: false,
    },
    releaseEveryDays: 75,
    instagram: {
      username: 'noralumen',
      followers: 28_400,
      follows: 610,
      mediaCount: 420,
      dailyReach: 5_200,
    },
    facebookPage: { name: 'Nora Lumen', followers: 12_300, dailyMediaViews: 1_900 },
    tiktok: {
      username: 'noralumen',
      followers: 86_500,
      following: 480,
      historyDays: 720,
      videosPerWeek: 2,
      medianViews: 24_000,
      isVerified: false,
    },
  },
  large: {
    id: 'large',
    label: 'Large artist',
    artistName: 'The Midnight Static',
    handle: 'themidnightstatic',
    homeCountry: 'US',
    profile: {
      city: 'Los Angeles',
      timezone: 'America/Los_Angeles',
      bio: 'Synthwave band from Los Angeles. Three albums, touring every year.',
      genres: ['synthwave', 'electronic'],
    },
    youtube: {
      historyDays: 2200,
      videoCount: 1500,
      shortsShare: 0.4,
      liveStreamCount: 20,
      targetLifetimeViews: 420_000_000,
      targetSubscribers: 1_000_000,
      isMonetized: true,
      isBelowPrivacyThreshold: false,
    },
    releaseEveryDays: 60,
    instagram: {
      username: 'themidnightstatic',
      followers: 640_000,
      follows: 320,
      mediaCount: 1_800,
      dailyReach: 120_000,
    },
    facebookPage: { name: 'The Midnight Static', followers: 350_000, dailyMediaViews: 41_000 },
    tiktok: {
      username: 'themidnightstatic',
      followers: 1_380_000,
      following: 95,
      historyDays: 1100,
      videosPerWeek: 3,
      medianViews: 310_000,
      isVerified: true,
    },
  },
};

export function isPersonaId(value: unknown): value is PersonaId {
  return typeof value === 'string' && (PERSONA_IDS as readonly string[]).includes(value);
}
