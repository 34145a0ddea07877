import { careerStages, profileLinkKeys, type ArtistProfile } from '@crescendo/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { listCountries, listTimeZones } from '@/lib/places';
import { useSaveProfile } from '../api/save-profile';
import {
  linkLabels,
  normalizeServerFieldErrors,
  toFormValues,
  toProfileInput,
  validateProfile,
  type LinkKey,
  type ProfileFormValues,
} from './profile-form-model';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';

const stageLabels: Record<(typeof careerStages)[number], string> = {
  emerging: 'Emerging — just getting started',
  developing: 'Developing — building a fanbase',
  established: 'Established — a loyal audience',
  professional: 'Professional — music is my job',
};

export function ProfileForm({
  profile,
  defaultArtistName,
  submitLabel,
  onSaved,
  isOnboarding = false,
}: {
  /** Onboarding asks for what it needs (base and time zone) before it saves. */
  isOnboarding?: boolean;
  profile: ArtistProfile | null;
  /** The name given at sign-up, for a profile not created yet. */
  defaultArtistName?: string;
  submitLabel: string;
  onSaved: (profile: ArtistProfile) => void;
}) {
  const { canEdit, readOnlyReason } = useOrganizationAccess();
  const [values, setValues] = useState<ProfileFormValues>(() =>
    toFormValues(profile, { artistName: defaultArtistName ?? '' }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveProfile();

  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setLink = (key: LinkKey, value: string) =>
    setValues((current) => ({ ...current, links: { ...current.links, [key]: value } }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const clientErrors = validateProfile(values, { isOnboarding });
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) {
      setFormError('Some details need another look — see the highlighted fields.');
      return;
    }
    save.mutate(
      { profile: toProfileInput(values), exists: Boolean(profile) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (isApiError(error)) {
            const fieldErrors = normalizeServerFieldErrors(error.fieldErrors);
            setErrors(fieldErrors);
            setFormError(error.message);
          } else {
            setFormError('We couldn’t save your profile. Please try again.');
          }
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-6"
      aria-label="Artist profile"
    >
      <FormError message={formError} />
      <Card>
        <CardHeader>
          <CardTitle>About you</CardTitle>
          <CardDescription>How fans and collaborators will know you.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField label="Artist name" error={errors.artistName}>
            <Input
              name="artistName"
              value={values.artistName}
              onChange={(e) => set('artistName', e.target.value)}
              required
            />
          </FormField>
          <FormField label="Career stage" error={errors.careerStage}>
            <Select
              name="careerStage"
              value={values.careerStage}
              onChange={(e) => set('careerStage', e.target.value)}
            >
              <option value="">Choose a stage</option>
              {careerStages.map((stage) => (
                <option key={stage} value={stage}>
                  {stageLabels[stage]}
                </option>
              ))}
            </Select>
          </FormField>
          <div className="sm:col-span-2">
            <FormField
              label="Bio"
              hint="A few lines about your sound. Up to 2,000 characters."
              error={errors.bio}
            >
              <Textarea
                name="bio"
                value={values.bio}
                onChange={(e) => set('bio', e.target.value)}
                rows={4}
              />
            </FormField>
          </div>
          <FormField
            label="Genres"
            hint="Separate with commas, e.g. indie pop, lo-fi."
            error={errors.genres}
          >
            <Input
              name="genres"
              value={values.genres}
              onChange={(e) => set('genres', e.target.value)}
            />
          </FormField>
          <FormField
            label="Avatar URL"
            hint="An https:// link to your photo."
            error={errors.avatarUrl}
          >
            <Input
              name="avatarUrl"
              type="url"
              value={values.avatarUrl}
              onChange={(e) => set('avatarUrl', e.target.value)}
            />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Where you are</CardTitle>
          <CardDescription>We use this to time insights and suggest tour cities.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-3">
          <FormField label="Country" hint="Start typing, e.g. Portugal." error={errors.country}>
            <Input
              name="country"
              list="profile-countries"
              value={values.country}
              onChange={(e) => set('country', e.target.value)}
              autoComplete="country-name"
              required={isOnboarding}
            />
          </FormField>
          <datalist id="profile-countries">
            {listCountries().map((country) => (
              <option key={country.code} value={country.name} />
            ))}
          </datalist>
          <FormField label="City" error={errors.city}>
            <Input
              name="city"
              value={values.city}
              onChange={(e) => set('city', e.target.value)}
              autoComplete="address-level2"
              required={isOnboarding}
            />
          </FormField>
          <FormField
            label="Time zone"
            hint="Start typing, e.g. Lisbon. We start from your browser’s."
            error={errors.timezone}
          >
            <Input
              name="timezone"
              list="profile-time-zones"
              value={values.timezone}
              onChange={(e) => set('timezone', e.target.value)}
              required={isOnboarding}
            />
          </FormField>
          <datalist id="profile-time-zones">
            {listTimeZones().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Goals</CardTitle>
          <CardDescription>One per line — we’ll shape your insights around them.</CardDescription>
        </CardHeader>
        <CardContent>
          <FormField label="Your goals" error={errors.goals}>
            <Textarea
              name="goals"
              value={values.goals}
              onChange={(e) => set('goals', e.target.value)}
              rows={3}
              placeholder={'Reach 10k monthly listeners\nBook a first headline show'}
            />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Links</CardTitle>
          <CardDescription>Secure https:// links only.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {profileLinkKeys.map((key) => (
            <FormField key={key} label={linkLabels[key]} error={errors[`links.${key}`]}>
              <Input
                name={`links.${key}`}
                type="url"
                placeholder="https://"
                value={values.links[key]}
                onChange={(e) => setLink(key, e.target.value)}
              />
            </FormField>
          ))}
        </CardContent>
      </Card>
      <div className="flex flex-col items-end gap-2">
        {readOnlyReason ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{readOnlyReason}</p>
        ) : null}
        <Button type="submit" size="lg" isLoading={save.isPending} disabled={!canEdit}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
