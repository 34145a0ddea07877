import { SongPage } from '@/features/revenue/components/song-page';

export function Component() {
  return <SongPage />;
}

export const title = 'Song';
