import { z } from 'zod';

export const careerStages = ['emerging', 'developing', 'established', 'professional'] as const;

const httpsUrl = z
  .url({ error: 'Must be a valid URL' })
  .max(500)
  .refine((value) => value.startsWith('https://'), { error: 'Must be an https:// URL' });

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const profileLinkKeys = [
  'website',
  'spotify',
  'appleMusic',
  'soundcloud',
  'bandcamp',
  'tiktok',
  'instagram',
  'youtube',
] as const;

export const profileLinksSchema = z
  .object(
    Object.fromEntries(profileLinkKeys.map((key) => [key, httpsUrl.nullable().optional()])) as {
      [K in (typeof profileLinkKeys)[number]]: z.ZodOptional<z.ZodNullable<typeof httpsUrl>>;
    },
  )
  .strict();

function isValidTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Body of `POST` / `PUT /api/artist/profile`. */
export const artistProfileInputSchema = z
  .object({
    artistName: z
      .string({ error: 'Artist name is required' })
      .trim()
      .min(1, { error: 'Artist name is required' })
      .max(120, { error: 'Artist name must be at most 120 characters' }),
    bio: optionalText(2000),
    genres: z
      .array(z.string().trim().min(1).max(40))
      .max(10, { error: 'At most 10 genres' })
      .default([]),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, { error: 'Country must be a two-letter ISO code such as GB' })
      .nullable()
      .optional(),
    city: optionalText(120),
    careerStage: z.enum(careerStages).nullable().optional(),
    goals: z
      .array(z.string().trim().min(1).max(200))
      .max(10, { error: 'At most 10 goals' })
      .default([]),
    timezone: z
      .string()
      .trim()
      .refine(isValidTimeZone, { error: 'Timezone must be an IANA name such as Europe/London' })
      .nullable()
      .optional(),
    avatarUrl: httpsUrl.nullable().optional(),
    links: profileLinksSchema.default({}),
  })
  .strict();
export type ArtistProfileInput = z.input<typeof artistProfileInputSchema>;

export const artistProfileSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  artistName: z.string(),
  bio: z.string().nullable(),
  genres: z.array(z.string()),
  country: z.string().nullable(),
  city: z.string().nullable(),
  careerStage: z.enum(careerStages).nullable(),
  goals: z.array(z.string()),
  timezone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  links: z.record(z.string(), z.string().nullable()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ArtistProfile = z.infer<typeof artistProfileSchema>;

export const artistProfileResponseSchema = z.object({ profile: artistProfileSchema });
export type ArtistProfileResponse = z.infer<typeof artistProfileResponseSchema>;
