import { Info } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A small disclosure for a figure's context (its window and source, per-platform freshness):
 * opens on hover, on keyboard focus and on tap; Escape closes it. `label` is the trigger's
 * content (an icon by default); the detail is a real element, so screen readers reach it.
 */
export function InfoTip({
  label,
  triggerLabel,
  children,
  align = 'end',
  className,
  triggerClassName,
}: {
  label?: ReactNode;
  /** The trigger's accessible name when it shows only an icon. */
  triggerLabel?: string;
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
  triggerClassName?: string;
}) {
  const detailId = useId();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div
      className={cn('relative inline-flex', className)}
      onMouseEnter={() => setIsOpen(true)}
      onMouseLeave={() => setIsOpen(false)}
      onFocus={() => setIsOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setIsOpen(false);
      }}
    >
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={detailId}
        aria-label={triggerLabel}
        onClick={() => setIsOpen((open) => !open)}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-md text-zinc-500 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-zinc-400 dark:hover:text-zinc-100',
          triggerClassName,
        )}
      >
        {label ?? <Info className="h-4 w-4" aria-hidden="true" />}
      </button>
      <div
        id={detailId}
        role="note"
        hidden={!isOpen}
        className={cn(
          'absolute top-full z-30 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-xl border border-zinc-200 bg-white p-3 text-left text-xs font-normal text-zinc-700 shadow-lg dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300',
          align === 'end' ? 'right-0' : 'left-0',
        )}
      >
        {children}
      </div>
    </div>
  );
}
