export const FOOTER_TEXT = '© 2024 Crescendo. All rights reserved.';

export function Footer() {
  return (
    <footer className="border-t border-zinc-200 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <p>{FOOTER_TEXT}</p>
    </footer>
  );
}
