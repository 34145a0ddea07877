import { cn } from '@/lib/cn';

/** A pulsing placeholder block; decorative, so screen readers skip it. */
export function PlatformSkeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800', className)}
    />
  );
}
