import { YoutubePage } from '@/features/youtube/components/youtube-page';

export function Component() {
  return <YoutubePage />;
}

export const title = 'YouTube analytics';
