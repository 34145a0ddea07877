import { DataProvider } from '@/lib/data-provider';
import { AssistantPanel } from './assistant-panel';

/**
 * The assistant panel inside the server-data layer, as one module loaded on first use: importing
 * the data layer from the mount put TanStack Query into every page's first load, /login's included
 * (decision 0006).
 */
export function AssistantPanelWithData(props: Parameters<typeof AssistantPanel>[0]) {
  return (
    <DataProvider>
      <AssistantPanel {...props} />
    </DataProvider>
  );
}
