import type { LinkedItem, SongLinkSuggestion } from '@crescendo/contracts';
import { Check, ExternalLink, Link2Off, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { formatFullNumber, formatShare } from '@/lib/format';
import { platformNames } from '@/lib/platforms';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';
import { showToast } from '@/lib/toast';
import { useDismissSongSuggestion } from '../api/dismiss-song-suggestion';
import { useLinkSongContent } from '../api/link-song-content';
import { useUnlinkSongContent } from '../api/unlink-song-content';

const platformName = (platform: string) =>
  (platformNames as Record<string, string>)[platform] ?? platform;

function reportFailure(title: string, error: unknown) {
  showToast({
    title,
    description: isApiError(error) ? error.message : 'Please try again in a moment.',
    type: 'error',
  });
}

/** The videos, Shorts and reels attached to a song, each with its views; unlink for editors. */
export function LinkedItems({ isrc, items }: { isrc: string; items: readonly LinkedItem[] }) {
  const unlink = useUnlinkSongContent();
  const { canEdit } = useOrganizationAccess();
  if (items.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        No video or reel is linked to this song yet. Confirm a suggestion below to link one.
      </p>
    );
  }
  return (
    <ul
      aria-label="Linked videos and reels"
      className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800"
    >
      {items.map((item) => (
        <li key={item.contentId} className="flex items-center gap-3 py-2.5">
          {item.thumbnailUrl ? (
            <img
              src={item.thumbnailUrl}
              alt=""
              loading="lazy"
              className="h-10 w-16 shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">
              {item.url ? (
                <a href={item.url} target="_blank" rel="noreferrer" className="hover:underline">
                  {item.title}
                  <ExternalLink className="ml-1 inline h-3 w-3" aria-hidden="true" />
                </a>
              ) : (
                item.title
              )}
            </p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {platformName(item.platform)} ·{' '}
              {item.lifetimeViews === null
                ? 'views not reported'
                : `${formatFullNumber(item.lifetimeViews)} views (lifetime, as last synced)`}
            </p>
          </div>
          {canEdit ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Unlink ${item.title}`}
              onClick={() =>
                unlink.mutate(
                  { isrc, contentId: item.contentId },
                  {
                    onSuccess: () =>
                      showToast({
                        title: 'Unlinked',
                        description: `${item.title} is no longer linked.`,
                        type: 'success',
                      }),
                    onError: (error) => reportFailure('Not unlinked', error),
                  },
                )
              }
            >
              <Link2Off className="h-4 w-4" aria-hidden="true" />
              Unlink
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Items whose title matches the song's: linked only when the artist confirms, never silently. */
export function LinkSuggestions({
  isrc,
  suggestions,
}: {
  isrc: string;
  suggestions: readonly SongLinkSuggestion[];
}) {
  const link = useLinkSongContent();
  const { canEdit, readOnlyReason } = useOrganizationAccess();
  const dismiss = useDismissSongSuggestion();
  // Hidden at once; the song's next read no longer suggests it (the API remembers the dismissal).
  const shown = suggestions.filter(
    (suggestion) => !(dismiss.isSuccess && dismiss.variables?.contentId === suggestion.contentId),
  );
  if (shown.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Is this the same song?</h3>
      {canEdit ? null : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{readOnlyReason}</p>
      )}
      <ul aria-label="Link suggestions" className="flex flex-col gap-2">
        {shown.map((suggestion) => (
          <li
            key={suggestion.contentId}
            className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-3 sm:flex-row sm:items-center dark:border-zinc-800"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{suggestion.title}</p>
              <p className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                {platformName(suggestion.platform)}
                <Badge tone={suggestion.confidence >= 0.8 ? 'success' : 'warning'}>
                  {formatShare(suggestion.confidence)} title match
                </Badge>
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={!canEdit}
                isLoading={link.isPending && link.variables?.contentId === suggestion.contentId}
                aria-label={`Link ${suggestion.title} to this song`}
                onClick={() =>
                  link.mutate(
                    { isrc, contentId: suggestion.contentId },
                    {
                      onSuccess: () =>
                        showToast({
                          title: 'Linked',
                          description: `${suggestion.title} is now linked to this song.`,
                          type: 'success',
                        }),
                      onError: (error) => reportFailure('Not linked', error),
                    },
                  )
                }
              >
                <Check className="h-4 w-4" aria-hidden="true" />
                Link
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={!canEdit}
                isLoading={
                  dismiss.isPending && dismiss.variables?.contentId === suggestion.contentId
                }
                aria-label={`Dismiss ${suggestion.title}`}
                onClick={() =>
                  dismiss.mutate(
                    { isrc, contentId: suggestion.contentId },
                    { onError: (error) => reportFailure('Not dismissed', error) },
                  )
                }
              >
                <X className="h-4 w-4" aria-hidden="true" />
                Not this song
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
