import { ImportUploader } from '@/features/imports/components/import-uploader';
import { RevenuePage } from '@/features/revenue/components/revenue-page';

// The empty revenue page takes a statement right there: the imports feature's uploader, composed here.
export function Component() {
  return <RevenuePage uploader={<ImportUploader />} />;
}

export const title = 'Revenue';
