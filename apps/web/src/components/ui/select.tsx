import type { SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { fieldBorderClasses, fieldClasses } from './input';

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { hasError?: boolean };

export function Select({ className, hasError, children, ...props }: SelectProps) {
  return (
    <select
      className={cn(fieldClasses, 'h-10', fieldBorderClasses(hasError), className)}
      aria-invalid={hasError || undefined}
      {...props}
    >
      {children}
    </select>
  );
}
