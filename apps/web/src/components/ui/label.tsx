import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/lib/cn';

/*
 * A form label. Radix's Label (what this used) is a `<label>` with one behaviour, kept here as it
 * is written there: a double click on the label's own text does not select it. Without the Radix
 * package and its Primitive, every page's start-up chunk is ~0.3 KB gz smaller (/login: decision
 * 0006's budget); the sign-in form is the one form every visitor loads.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  function handleMouseDown(event: MouseEvent<HTMLLabelElement>) {
    // Only the label's own text: clicks on a control inside it are the control's.
    if ((event.target as Element).closest('button, input, select, textarea')) return;
    onMouseDown?.(event);
    if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
  }
  return (
    <label
      className={cn('text-sm font-medium text-zinc-800 dark:text-zinc-200', className)}
      onMouseDown={handleMouseDown}
      {...props}
    />
  );
}
