import { campaignChannels, roiBaselineSentence, type Campaign } from '@crescendo/contracts';
import { use, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast';
import { useCreateCampaign, useUpdateCampaign } from '../api/campaigns';
import {
  channelLabels,
  channelPlatformNames,
  toCampaignFieldErrors,
  toCampaignFormValues,
  toCampaignInput,
  validateCampaign,
  type CampaignChannel,
  type CampaignFieldErrors,
  type CampaignFormValues,
} from './campaign-form-model';
import { LinkedContentSelect } from './linked-content-select';
import { SongPickerSlot } from './song-picker-slot';

function CampaignForm({
  campaign,
  currency,
  onDone,
}: {
  campaign: Campaign | null;
  currency: string;
  onDone: () => void;
}) {
  const [values, setValues] = useState<CampaignFormValues>(() =>
    toCampaignFormValues(campaign, { currency }),
  );
  const [errors, setErrors] = useState<CampaignFieldErrors>({});
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const isSaving = create.isPending || update.isPending;
  const SongPicker = use(SongPickerSlot);

  const set = (key: keyof CampaignFormValues, value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  // Ads bought on a platform: measured there unless the artist picks every platform.
  const ownPlatforms = values.channel
    ? channelPlatformNames(values.channel as CampaignChannel)
    : null;

  const onError = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
      setErrors({
        ...toCampaignFieldErrors(error.fieldErrors),
        form: 'Some details need another look — see the highlighted fields.',
      });
      return;
    }
    const message = isApiError(error) ? error.message : 'Please try again in a moment.';
    setErrors({ form: `We couldn’t save this campaign. ${message}` });
    showToast({ title: 'Campaign not saved', description: message, type: 'error' });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clientErrors = validateCampaign(values);
    if (Object.keys(clientErrors).length > 0) {
      setErrors({
        ...clientErrors,
        form: 'Some details need another look — see the highlighted fields.',
      });
      return;
    }
    setErrors({});
    const input = toCampaignInput(values);
    const onSuccess = () => {
      showToast({
        title: campaign ? 'Campaign updated' : 'Campaign added',
        description: `We’re measuring “${input.name}” against your usual pace before it.`,
        type: 'success',
      });
      onDone();
    };
    if (campaign) update.mutate({ id: campaign.id, input }, { onSuccess, onError });
    else create.mutate(input, { onSuccess, onError });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={campaign ? 'Edit campaign' : 'Add campaign'}
      className="flex flex-col gap-4"
    >
      <FormError message={errors.form} />
      <FormField label="Campaign name" error={errors.name}>
        <Input
          name="name"
          value={values.name}
          maxLength={120}
          placeholder="e.g. “Midnight Drive” release ads"
          onChange={(event) => set('name', event.target.value)}
          required
        />
      </FormField>
      <FormField label="Channel" error={errors.channel}>
        <Select
          name="channel"
          value={values.channel}
          onChange={(event) => set('channel', event.target.value)}
          required
        >
          <option value="">Choose a channel</option>
          {campaignChannels.map((channel) => (
            <option key={channel} value={channel}>
              {channelLabels[channel]}
            </option>
          ))}
        </Select>
      </FormField>
      {ownPlatforms ? (
        <FormField label="Measure it on" error={errors.measureOn}>
          <Select
            name="measureOn"
            value={values.measureOn || 'channel'}
            onChange={(event) => set('measureOn', event.target.value)}
          >
            <option value="channel">{ownPlatforms} (where the ads ran)</option>
            <option value="all">Every platform</option>
          </Select>
        </FormField>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
        <FormField label="Amount spent" error={errors.amount}>
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={values.amount}
            onChange={(event) => set('amount', event.target.value)}
            required
          />
        </FormField>
        <FormField label="Currency" error={errors.currency}>
          <Input
            name="currency"
            maxLength={3}
            autoComplete="off"
            value={values.currency}
            onChange={(event) => set('currency', event.target.value.toUpperCase())}
            required
          />
        </FormField>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormField label="Start date" error={errors.startDate}>
          <Input
            name="startDate"
            type="date"
            value={values.startDate}
            onChange={(event) => set('startDate', event.target.value)}
            required
          />
        </FormField>
        <FormField label="End date" error={errors.endDate}>
          <Input
            name="endDate"
            type="date"
            min={values.startDate || undefined}
            value={values.endDate}
            onChange={(event) => set('endDate', event.target.value)}
            required
          />
        </FormField>
      </div>
      <FormField
        label="Linked content (optional)"
        hint="The video, Short, Reel or post this campaign promoted."
        error={errors.linkedContentId}
      >
        <LinkedContentSelect
          value={values.linkedContentId}
          onChange={(value) => set('linkedContentId', value)}
        />
      </FormField>
      {SongPicker ? (
        <FormField
          label="Song (optional)"
          hint="The song this campaign promotes: its statement earnings count towards the return."
          error={errors.songIsrc}
        >
          <SongPicker value={values.songIsrc} onChange={(isrc) => set('songIsrc', isrc)} />
        </FormField>
      ) : null}
      <FormField
        label="Extra revenue (optional)"
        hint="Merch, tickets or sync fees you can tie to this campaign. Platform revenue is added for you."
        error={errors.extraRevenue}
      >
        <Input
          name="extraRevenue"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={values.extraRevenue}
          onChange={(event) => set('extraRevenue', event.target.value)}
        />
      </FormField>
      <FormField
        label="Release (optional)"
        hint="The single, EP or album."
        error={errors.linkedRelease}
      >
        <Input
          name="linkedRelease"
          maxLength={200}
          value={values.linkedRelease}
          onChange={(event) => set('linkedRelease', event.target.value)}
        />
      </FormField>
      <FormField label="Notes (optional)" error={errors.notes}>
        <Textarea
          name="notes"
          rows={2}
          maxLength={2000}
          value={values.notes}
          onChange={(event) => set('notes', event.target.value)}
        />
      </FormField>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" isLoading={isSaving}>
          {campaign ? 'Save changes' : 'Add campaign'}
        </Button>
      </div>
    </form>
  );
}

/** Add or edit a campaign's spend; `campaign` null means a new one. */
export function CampaignFormDialog({
  open,
  onOpenChange,
  campaign,
  currency,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaign: Campaign | null;
  currency: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={campaign ? 'Edit campaign' : 'Add campaign spend'}
        description={`${roiBaselineSentence} Ads are measured on the platform they ran on, so you see growth you paid for — not growth you’d have had anyway.`}
      >
        {open ? (
          <CampaignForm
            key={campaign?.id ?? 'new'}
            campaign={campaign}
            currency={currency}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
