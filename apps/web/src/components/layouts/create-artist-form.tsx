import { artistNameSchema, type ArtistAllowance } from '@crescendo/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { extractErrorMessage } from '@/lib/api-error-message';
import {
  createOrganization,
  reloadIntoActiveOrganization,
} from '@/lib/organizations/organizations-api';

/** Whose plan counts, in the words the Team plan is sold with (decision 0019). */
export function describeArtistAllowance(allowance: ArtistAllowance): string {
  if (allowance.allowed === null) {
    return `You own or manage ${allowance.used} artists; your plan has no artist limit.`;
  }
  return `You own or manage ${allowance.used} of the ${allowance.allowed} ${allowance.allowed === 1 ? 'artist' : 'artists'} your best plan covers. Every artist you own or manage counts once, against the best plan among them: Team on any one covers up to 5. Viewers don't count.`;
}

/** Creates an artist (a new organisation) the user owns, then opens it. */
export function CreateArtistForm({ allowance }: { allowance: ArtistAllowance | undefined }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const isFull = allowance?.allowed != null && allowance.used >= allowance.allowed;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = artistNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Artist name is required');
      return;
    }
    setIsSaving(true);
    setError(null);
    try {
      await createOrganization({ name: parsed.data });
      reloadIntoActiveOrganization(paths.onboardingProfile);
    } catch (caught) {
      setError(extractErrorMessage(caught));
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" noValidate>
      {allowance ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {describeArtistAllowance(allowance)}
        </p>
      ) : null}
      {isFull ? (
        <Alert tone="info" title="Your plan's artists are all in use">
          Upgrade one of your artists to Team to add more.
        </Alert>
      ) : null}
      <FormField label="Artist name" error={error ?? undefined}>
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="off"
          maxLength={100}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" isLoading={isSaving} disabled={isFull}>
          Create artist
        </Button>
      </div>
    </form>
  );
}
