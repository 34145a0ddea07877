import { UsagePage } from '@/features/settings/components/usage-page';

export function Component() {
  return <UsagePage />;
}
