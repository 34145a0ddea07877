import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-semibold tracking-tight',
        className,
      )}
      aria-label="Crescendo home"
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-600 dark:fill-brand-500" />
        <path d="M7 22h3v-4H7zm5 0h3v-8h-3zm5 0h3V10h-3zm5 0h3V6h-3z" fill="#fff" />
      </svg>
      <span className="text-lg">Crescendo</span>
    </Link>
  );
}
