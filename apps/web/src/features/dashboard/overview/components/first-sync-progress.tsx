import type { Connection } from '@crescendo/contracts';
import { PlatformSyncProgress } from '@/components/charts/platform-sync-progress';

/** In place of the figures while the first syncs run: each one's step and percentage. */
export function FirstSyncProgress({ connections }: { connections: Connection[] }) {
  return (
    <section aria-label="First sync" className="flex flex-col gap-4">
      {connections.map((connection) => (
        <PlatformSyncProgress
          key={connection.id}
          title={`Bringing in ${connection.accountName}`}
          step={connection.sync.step}
          percent={connection.sync.percent}
          description="Your dashboard fills in as soon as the first sync finishes, with every figure complete through the same day — feel free to leave this page and come back."
        />
      ))}
    </section>
  );
}
