import type { TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { fieldBorderClasses, fieldClasses } from './input';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { hasError?: boolean };

export function Textarea({ className, hasError, ...props }: TextareaProps) {
  return (
    <textarea
      className={cn(fieldClasses, 'min-h-24 py-2', fieldBorderClasses(hasError), className)}
      aria-invalid={hasError || undefined}
      {...props}
    />
  );
}
