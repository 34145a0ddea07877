import type {
  ContentResponse,
  ContentRow,
  SongListResponse,
  SongSummary,
} from '@crescendo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { buildSongHref, paths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';
import { platformNames } from '@/lib/platforms';
import { showToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { findNavItems, type NavItem } from './nav-items';

const SEARCH_DELAY_MS = 250;
const MAX_CONTENT_RESULTS = 6;
const MAX_SONG_RESULTS = 4;

type SearchResult =
  | { kind: 'page'; id: string; label: string; detail: string; to: string }
  | { kind: 'content'; id: string; label: string; detail: string; to: string }
  | { kind: 'song'; id: string; label: string; detail: string; to: string };

/** The content page, filtered to one title over all time: where a song, video or post opens. */
export function contentHref(title: string): string {
  const query = new URLSearchParams({ range: 'all', search: title });
  return `${paths.dashboardContent}?${query}`;
}

async function searchContent(text: string): Promise<ContentRow[]> {
  const response = await apiClient.get<ContentResponse>('/dashboard/content', {
    params: { range: 'all', search: text, pageSize: MAX_CONTENT_RESULTS },
  });
  return response.data.items;
}

/** The catalogue's songs (from imported statements and exports), searched by title here. */
async function listSongs(): Promise<SongSummary[]> {
  const response = await apiClient.get<SongListResponse>('/v1/songs');
  return response.data.songs ?? [];
}

function toSongResult(song: SongSummary): SearchResult {
  return {
    kind: 'song',
    id: `song:${song.isrc}`,
    label: song.title,
    detail: song.release ? `Song · ${song.release.title}` : 'Song',
    to: buildSongHref(song.isrc),
  };
}

function toPageResult(item: NavItem): SearchResult {
  return { kind: 'page', id: `page:${item.to}`, label: item.label, detail: 'Page', to: item.to };
}

function toContentResult(row: ContentRow): SearchResult {
  const day = row.publishedAt.slice(0, 10);
  return {
    kind: 'content',
    id: `content:${row.id}`,
    label: row.title,
    detail: `${platformNames[row.platform]} ${row.type} · ${day}`,
    to: contentHref(row.title),
  };
}

/**
 * The header's search (a combobox): pages by name, and the artist's songs, videos and posts by
 * title from the content list. Choosing a result opens it; Enter takes the highlighted one.
 */
export function HeaderSearch() {
  const { roles } = useAuth();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const needle = text.trim();
  const debounced = useDebouncedValue(needle, SEARCH_DELAY_MS);
  const canSearchContent = roles.includes('customer') || roles.includes('admin');
  const content = useQuery({
    queryKey: ['header-search', debounced],
    queryFn: () => searchContent(debounced),
    enabled: canSearchContent && debounced.length >= 2,
    staleTime: 60_000,
    retry: false,
  });
  const songs = useQuery({
    queryKey: ['header-search', 'songs'],
    queryFn: listSongs,
    enabled: canSearchContent && debounced.length >= 2,
    staleTime: 60_000,
    retry: false,
  });
  const lowerNeedle = needle.toLowerCase();
  const songResults =
    needle === debounced && songs.data
      ? songs.data
          .filter((song) => song.title.toLowerCase().includes(lowerNeedle))
          .slice(0, MAX_SONG_RESULTS)
          .map(toSongResult)
      : [];
  const isSearching =
    canSearchContent && needle.length >= 2 && (needle !== debounced || content.isFetching);
  const results: SearchResult[] = [
    ...findNavItems(needle, roles).map(toPageResult),
    ...songResults,
    ...(needle === debounced && content.data ? content.data.map(toContentResult) : []),
  ];
  const isListShown = isOpen && needle.length > 0;

  const open = (result: SearchResult) => {
    void navigate(result.to);
    setText('');
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const submit = () => {
    const chosen = results[activeIndex] ?? results[0];
    if (chosen) return open(chosen);
    if (!needle) return;
    if (canSearchContent) {
      open({ kind: 'content', id: 'search', label: needle, detail: '', to: contentHref(needle) });
      return;
    }
    showToast({
      title: 'No match yet',
      description: `Nothing called “${needle}” — try “waitlist” or “pricing”.`,
      type: 'insight',
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Escape') {
      setIsOpen(false);
      setActiveIndex(-1);
    }
  };

  const activeId = results[activeIndex] ? `${listId}-${activeIndex}` : undefined;
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="relative min-w-0 flex-1 sm:max-w-sm"
    >
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-zinc-500"
        aria-hidden="true"
      />
      <input
        type="search"
        role="combobox"
        data-shortcut="search"
        aria-label="Search Crescendo"
        aria-autocomplete="list"
        aria-expanded={isListShown}
        aria-controls={listId}
        aria-activedescendant={isListShown ? activeId : undefined}
        placeholder={canSearchContent ? 'Search songs, videos, pages' : 'Search'}
        title="Search (press /)"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setIsOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setIsOpen(true)}
        // Let a click on a result land before the list closes.
        onBlur={() => setTimeout(() => setIsOpen(false), 150)}
        className="h-10 w-full rounded-lg border border-zinc-300 bg-white pr-3 pl-9 text-sm text-ellipsis placeholder:text-zinc-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
      />
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-zinc-200 bg-white shadow-lg sm:min-w-[24rem] dark:border-zinc-700 dark:bg-zinc-900',
          !isListShown && 'hidden',
        )}
      >
        <ul id={listId} role="listbox" aria-label="Search results">
          {results.map((result, index) => (
            <li
              key={result.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => open(result)}
              className={cn(
                'flex cursor-pointer flex-col gap-0.5 px-3 py-2 text-sm',
                index === activeIndex
                  ? 'bg-brand-50 text-brand-900 dark:bg-brand-900/40 dark:text-brand-50'
                  : 'hover:bg-zinc-100 dark:hover:bg-zinc-800',
              )}
            >
              <span className="truncate font-medium">{result.label}</span>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">{result.detail}</span>
            </li>
          ))}
        </ul>
        <p className="px-3 py-2 text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {isSearching
            ? 'Searching your songs, videos and posts…'
            : content.isError
              ? 'Songs, videos and posts can’t be searched right now.'
              : results.length === 0
                ? `Nothing called “${needle}”.`
                : `${results.length} ${results.length === 1 ? 'result' : 'results'}`}
        </p>
      </div>
    </form>
  );
}
