import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Shared frame for every error screen: icon, title, message, actions. */
export function ErrorScreen({
  icon: Icon,
  title,
  message,
  children,
  notice,
  headingLevel = 1,
}: {
  icon: LucideIcon;
  title: string;
  message: ReactNode;
  children?: ReactNode;
  notice?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div role="alert" className="flex w-full max-w-md flex-col items-center gap-4 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300">
          <Icon className="h-7 w-7" aria-hidden="true" />
        </span>
        <Heading className="text-2xl font-semibold tracking-tight">{title}</Heading>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{message}</p>
        {notice}
        {children ? (
          <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div>
        ) : null}
      </div>
    </div>
  );
}
