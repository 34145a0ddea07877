import { env } from '@/config/env';

export const DEMO_BANNER_TEXT = 'Demo: payments and platforms are simulated';

/** On a public demo (SANDBOX_PUBLIC=true) every page says that nothing here is real. */
export function DemoBanner({ isDemo = env.sandboxDemo }: { isDemo?: boolean }) {
  if (!isDemo) return null;
  return (
    <p
      role="note"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {DEMO_BANNER_TEXT}
    </p>
  );
}
