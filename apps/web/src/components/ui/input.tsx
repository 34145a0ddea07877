import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';

/** The look every text field shares (input, textarea, select). */
export const fieldClasses =
  'block w-full rounded-lg border bg-white px-3 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:opacity-60 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:focus:border-brand-400';

/** A field's border: red while it has an error. */
export function fieldBorderClasses(hasError: boolean | undefined): string {
  return hasError ? 'border-red-600 dark:border-red-400' : 'border-zinc-300 dark:border-zinc-700';
}

/*
 * Textarea and Select live in their own files: the sign-in form (every visitor's first load) uses
 * only this one.
 */

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  hasError?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function Input({ className, hasError, ...props }: InputProps) {
  return (
    <input
      className={cn(fieldClasses, 'h-10', fieldBorderClasses(hasError), className)}
      aria-invalid={hasError || undefined}
      {...props}
    />
  );
}
