import { ShareLinksPage } from '@/features/sharing/components/share-links-page';

export function Component() {
  return <ShareLinksPage />;
}

export const title = 'Share links';
