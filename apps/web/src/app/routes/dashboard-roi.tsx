import { SongPickerSlot } from '@/features/dashboard/campaigns/components/song-picker-slot';
import { RoiPage } from '@/features/dashboard/campaigns/components/roi-page';
import { SongPicker } from '@/features/revenue/components/song-picker';

// The campaign form names a song from the catalogue (the revenue feature's), composed here.
export function Component() {
  return (
    <SongPickerSlot value={SongPicker}>
      <RoiPage />
    </SongPickerSlot>
  );
}

export const title = 'ROI';
