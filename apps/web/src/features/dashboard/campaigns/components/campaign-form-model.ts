import {
  campaignChannelPlatforms,
  campaignInputSchema,
  defaultMeasureOn,
  measuredPlatformsOf,
  type AnalyticsPlatform,
  type Campaign,
  type CampaignChannel,
  type CampaignInput,
  type CampaignMeasureOn,
} from '@crescendo/contracts';
import { platformNames } from '@/lib/platforms';

export type { CampaignChannel };

export const channelLabels: Record<CampaignChannel, string> = {
  youtube_ads: 'YouTube ads',
  meta_ads: 'Meta ads (Instagram & Facebook)',
  tiktok_ads: 'TikTok ads',
  playlist_pitching: 'Playlist pitching',
  pr: 'PR & press',
  influencer: 'Creators & influencers',
  radio: 'Radio plugging',
  other: 'Other',
};

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** "YouTube", "Instagram and Facebook": the platforms a channel's ads run on, or null. */
export function channelPlatformNames(channel: CampaignChannel): string | null {
  const own = campaignChannelPlatforms[channel];
  return own ? listOf(own.map((platform) => platformNames[platform])) : null;
}

/**
 * Where a campaign's figures come from, in words: "Measured on YouTube", "Measured on every
 * platform". With the page filtered to other platforms: "Not measured on this platform".
 */
export function describeMeasuredOn(
  campaign: Pick<Campaign, 'channel' | 'measureOn'>,
  platforms?: AnalyticsPlatform[],
): string {
  if (platforms && platforms.length === 0) return 'Not measured on the platforms shown';
  const all = measuredPlatformsOf(campaign.channel, campaign.measureOn);
  const shown = platforms ?? [...all];
  if (campaign.measureOn === 'all' && shown.length === all.length)
    return 'Measured on every platform';
  return `Measured on ${listOf(shown.map((platform) => platformNames[platform]))}`;
}

/** What the inputs hold: text, converted to the contract's shape on submit. */
export type CampaignFormValues = {
  name: string;
  channel: string;
  amount: string;
  currency: string;
  startDate: string;
  endDate: string;
  linkedContentId: string;
  linkedRelease: string;
  /** The song the campaign promotes (ISRC), or '' for none. */
  songIsrc: string;
  /** The song it named when the form opened: clearing it must send null, not leave it out. */
  initialSongIsrc: string;
  extraRevenue: string;
  /** '' until the artist chooses: the channel's default then applies. */
  measureOn: '' | CampaignMeasureOn;
  notes: string;
};

export type CampaignFieldErrors = Partial<Record<keyof CampaignFormValues | 'form', string>>;

/** YYYY-MM-DD of a local calendar day. */
export function toLocalDay(date: Date): string {
  return [
    date.getFullYear(),
    String(date.getMonth() + 1).padStart(2, '0'),
    String(date.getDate()).padStart(2, '0'),
  ].join('-');
}

/** A new campaign starts as the last two weeks, in the ledger's currency. */
export function toCampaignFormValues(
  campaign: Campaign | null,
  options: { currency?: string; today?: Date } = {},
): CampaignFormValues {
  if (campaign) {
    return {
      name: campaign.name,
      channel: campaign.channel,
      amount: String(campaign.amount),
      currency: campaign.currency,
      startDate: campaign.startDate,
      endDate: campaign.endDate,
      linkedContentId: campaign.linkedContentId ?? '',
      linkedRelease: campaign.linkedRelease ?? '',
      songIsrc: campaign.songIsrc ?? '',
      initialSongIsrc: campaign.songIsrc ?? '',
      extraRevenue: campaign.extraRevenue ? String(campaign.extraRevenue) : '',
      measureOn: campaign.measureOn,
      notes: campaign.notes ?? '',
    };
  }
  const today = options.today ?? new Date();
  const start = new Date(today);
  start.setDate(start.getDate() - 13);
  return {
    name: '',
    channel: '',
    amount: '',
    currency: options.currency ?? 'USD',
    startDate: toLocalDay(start),
    endDate: toLocalDay(today),
    linkedContentId: '',
    linkedRelease: '',
    songIsrc: '',
    initialSongIsrc: '',
    extraRevenue: '',
    measureOn: '',
    notes: '',
  };
}

/** "1,200.50" and "1200,5" both mean the amount; an empty box is not a number. */
function toAmount(text: string): number {
  const cleaned = text.trim().replace(/\s/g, '');
  if (cleaned === '') return Number.NaN;
  const normalized = /^\d+,\d{1,2}$/.test(cleaned) ? cleaned.replace(',', '.') : cleaned;
  return Number(normalized.replace(/,/g, ''));
}

const emptyToNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function toCampaignInput(values: CampaignFormValues): CampaignInput {
  return {
    name: values.name.trim(),
    channel: values.channel as CampaignInput['channel'],
    amount: toAmount(values.amount),
    currency: values.currency.trim().toUpperCase(),
    startDate: values.startDate,
    endDate: values.endDate,
    linkedContentId: emptyToNull(values.linkedContentId),
    linkedRelease: emptyToNull(values.linkedRelease),
    extraRevenue: values.extraRevenue.trim() === '' ? 0 : toAmount(values.extraRevenue),
    ...(values.measureOn && values.channel
      ? {
          measureOn: campaignChannelPlatforms[values.channel as CampaignChannel]
            ? values.measureOn
            : defaultMeasureOn(values.channel as CampaignChannel),
        }
      : {}),
    notes: emptyToNull(values.notes),
    // Sent only when a song is or was named, so campaigns without one keep their old shape.
    ...(values.songIsrc || values.initialSongIsrc
      ? { songIsrc: emptyToNull(values.songIsrc) }
      : {}),
  };
}

const friendlyMessages: Partial<Record<keyof CampaignFormValues, (message: string) => string>> = {
  channel: () => 'Choose where the money went',
  startDate: () => 'Pick the day the campaign started',
  endDate: (message) =>
    message.startsWith('End date') ? message : 'Pick the day the campaign ended',
};

/** The contract's own rules, so the form and the API agree; field → first message. */
export function validateCampaign(values: CampaignFormValues): CampaignFieldErrors {
  const errors: CampaignFieldErrors = {};
  if (values.amount.trim() === '') errors.amount = 'Enter how much you spent (0 if nothing)';
  const result = campaignInputSchema.safeParse(toCampaignInput(values));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form') as keyof CampaignFormValues | 'form';
    const friendly = field === 'form' ? undefined : friendlyMessages[field];
    errors[field] ??= friendly ? friendly(issue.message) : issue.message;
  }
  // The contract checks the order of the dates only once every other field is valid; say it now.
  if (!errors.startDate && !errors.endDate && values.endDate < values.startDate)
    errors.endDate = 'End date must be on or after the start date';
  return errors;
}

/** API field errors (`VALIDATION_FAILED` details) keyed like the form. */
export function toCampaignFieldErrors(fields: Record<string, string>): CampaignFieldErrors {
  const errors: CampaignFieldErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const [head] = field.split('.');
    const key = (head && head in emptyValues ? head : 'form') as keyof CampaignFieldErrors;
    errors[key] ??= message;
  }
  return errors;
}

const emptyValues: CampaignFormValues = {
  name: '',
  channel: '',
  amount: '',
  currency: '',
  startDate: '',
  endDate: '',
  linkedContentId: '',
  linkedRelease: '',
  songIsrc: '',
  initialSongIsrc: '',
  extraRevenue: '',
  measureOn: '',
  notes: '',
};
