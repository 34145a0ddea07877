import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { matchShortcut } from '@/lib/shortcuts';

export const SEARCH_DELAY_MS = 300;

/**
 * An analytics table's search box. It carries the shortcut marker and claims the `/` key before
 * the shell's handler (which focuses the first marked input, the header search), so `/` lands
 * here. Typing is debounced before `onSearch` (which writes the URL); Enter sends at once.
 */
export function SearchInput({
  label,
  value,
  onSearch,
  placeholder,
  delayMs = SEARCH_DELAY_MS,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  delayMs?: number;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const onSearchRef = useRef(onSearch);
  const [text, setText] = useState(value);
  const [syncedValue, setSyncedValue] = useState(value);
  const [sentValue, setSentValue] = useState(value);
  if (value !== syncedValue) {
    setSyncedValue(value);
    // Changed from elsewhere (Clear filters, the back button) rather than by this box: show it.
    if (value !== sentValue) {
      setSentValue(value);
      setText(value);
    }
  }

  useEffect(() => {
    onSearchRef.current = (next: string) => {
      setSentValue(next);
      onSearch(next);
    };
  }, [onSearch]);

  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => onSearchRef.current(next), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || matchShortcut(event) !== 'focus-search') return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="relative w-full sm:w-64">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-zinc-500"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        id={id}
        type="search"
        data-shortcut="search"
        title={`${label} (press /)`}
        placeholder={placeholder ?? label}
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text.trim() !== value) onSearchRef.current(text.trim());
        }}
        className="h-9 w-full rounded-lg border border-zinc-300 bg-white pr-3 pl-9 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:focus:border-brand-400"
      />
    </div>
  );
}
