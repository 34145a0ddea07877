import { Spinner } from './spinner';

/** Generic full-area loader; spec §2 default message 'Loading...'. */
export function LoadingScreen({ message = 'Loading...' }: { message?: string }) {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24"
      aria-live="polite"
    >
      <Spinner label={message} />
      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{message}</p>
    </div>
  );
}
