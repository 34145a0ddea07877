import type { ContentRow } from '@crescendo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SEARCH_DELAY_MS } from '@/components/analytics/search-input';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { formatDate } from '@/lib/format';
import { platformNames } from '@/lib/platforms';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { contentQueryOptions, type ContentQuery } from '../../content/api/get-content';

/** The newest items across every platform, newest first: what a campaign usually promotes. */
export const linkableContentQuery: ContentQuery = {
  range: 'all',
  platform: 'all',
  type: 'all',
  search: '',
  sort: 'publishedAt',
  order: 'desc',
  page: 1,
  pageSize: 100,
};

/** "Midnight Drive · YouTube · Oct 1, 2026": which item, where, and when. */
const describeItem = (item: ContentRow) =>
  `${item.title} · ${platformNames[item.platform]} · ${formatDate(item.publishedAt)}`;

/**
 * The item a campaign promoted: a search (by title, on the server) over the catalogue, newest
 * first, and a select of what it finds. The select keeps the field's label and errors.
 */
export function LinkedContentSelect({
  value,
  onChange,
  ...fieldProps
}: {
  value: string;
  onChange: (value: string) => void;
  id?: string;
  'aria-describedby'?: string;
  hasError?: boolean;
}) {
  const searchId = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const content = useQuery({
    ...contentQueryOptions({ ...linkableContentQuery, search }),
    placeholderData: keepPreviousData,
  });
  const items = content.data?.items ?? [];
  const hasCurrent = value === '' || items.some((item) => item.id === value);
  const total = content.data?.total ?? 0;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={searchId} className="sr-only">
        Search content to link
      </label>
      <Input
        id={searchId}
        type="search"
        placeholder="Search your content by title"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
      <Select
        {...fieldProps}
        name="linkedContentId"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-busy={content.isFetching || undefined}
      >
        <option value="">
          {content.isPending
            ? 'Loading your content…'
            : content.isError
              ? 'Couldn’t load your content — leave unlinked'
              : search && items.length === 0
                ? `Nothing matches “${search}” — not linked`
                : 'Not linked to one item'}
        </option>
        {!hasCurrent ? <option value={value}>The item linked before</option> : null}
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {describeItem(item)}
          </option>
        ))}
      </Select>
      {total > items.length ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Showing the newest {items.length} of {total}; search to find an older one.
        </p>
      ) : null}
    </div>
  );
}
