import { SongsPage } from '@/features/revenue/components/songs-page';

export function Component() {
  return <SongsPage />;
}

export const title = 'Songs';
