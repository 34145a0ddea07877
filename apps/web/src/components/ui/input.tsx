import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const fieldClasses =
  'block w-full rounded-lg border bg-white px-3 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:opacity-60 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:focus:border-brand-400';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  hasError?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function Input({ className, hasError, ...props }: InputProps) {
  return (
    <input
      className={cn(
        fieldClasses,
        'h-10',
        hasError ? 'border-red-600 dark:border-red-400' : 'border-zinc-300 dark:border-zinc-700',
        className,
      )}
      aria-invalid={hasError || undefined}
      {...props}
    />
  );
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { hasError?: boolean };

export function Textarea({ className, hasError, ...props }: TextareaProps) {
  return (
    <textarea
      className={cn(
        fieldClasses,
        'min-h-24 py-2',
        hasError ? 'border-red-600 dark:border-red-400' : 'border-zinc-300 dark:border-zinc-700',
        className,
      )}
      aria-invalid={hasError || undefined}
      {...props}
    />
  );
}

export type SelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & { hasError?: boolean };

export function Select({ className, hasError, children, ...props }: SelectProps) {
  return (
    <select
      className={cn(
        fieldClasses,
        'h-10',
        hasError ? 'border-red-600 dark:border-red-400' : 'border-zinc-300 dark:border-zinc-700',
        className,
      )}
      aria-invalid={hasError || undefined}
      {...props}
    >
      {children}
    </select>
  );
}
