import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-[3px] border-brand-600 border-t-transparent dark:border-brand-400 dark:border-t-transparent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
