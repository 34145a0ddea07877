import { MetaPage } from '@/features/meta/components/meta-page';

export function Component() {
  return <MetaPage />;
}

export const title = 'Instagram & Facebook';
