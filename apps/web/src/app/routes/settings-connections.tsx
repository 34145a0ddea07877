import { ConnectionsPage } from '@/features/connections/components/connections-page';

export function Component() {
  return <ConnectionsPage mode="settings" />;
}

export const title = 'Connections';
