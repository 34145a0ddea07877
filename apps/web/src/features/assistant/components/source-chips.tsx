import type { ChatSource } from '@crescendo/contracts';
import { Link } from 'react-router';
import { sourceHref, sourceLabel } from '../utils/source-links';

/** An answer's sources, each a link to the dashboard view with the same window and platform. */
export function SourceChips({
  sources,
  onFollow,
}: {
  sources: ChatSource[];
  onFollow: () => void;
}) {
  if (sources.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Sources">
      {sources.map((source) => (
        <li
          key={`${source.tool}-${source.platform}-${source.window?.from ?? ''}-${source.window?.to ?? ''}`}
        >
          <Link
            to={sourceHref(source)}
            onClick={onFollow}
            className="inline-flex items-center rounded-full border border-zinc-300 bg-white px-2.5 py-0.5 text-xs text-zinc-700 hover:border-brand-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:text-brand-300"
          >
            {sourceLabel(source)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
