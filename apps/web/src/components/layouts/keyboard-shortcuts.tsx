import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { EXPORT_BUTTON_SELECTOR, matchShortcut, SEARCH_INPUT_SELECTOR } from '@/lib/shortcuts';
import { useTheme } from '@/lib/theme-provider';

// The dialog (and Radix) loads on first use, keeping it out of the initial bundle.
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((module) => ({ default: module.ShortcutsDialog })),
);

/** Spec §2 keyboard shortcuts, ignored while typing. */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const { cycleTheme } = useTheme();
  const [isHelpOpen, setIsHelpOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = matchShortcut(event);
      if (!action) return;
      event.preventDefault();
      switch (action) {
        case 'go-dashboard':
          void navigate(paths.dashboard);
          break;
        case 'go-youtube':
          void navigate(paths.youtube);
          break;
        case 'go-settings':
          void navigate(paths.settingsProfile);
          break;
        case 'go-home':
          void navigate(paths.home);
          break;
        case 'cycle-theme':
          cycleTheme();
          break;
        case 'click-export':
          document.querySelector<HTMLElement>(EXPORT_BUTTON_SELECTOR)?.click();
          break;
        case 'focus-search':
          // A page's own search (e.g. the content table's) wins over the header's app search.
          (
            document.querySelector<HTMLElement>(`main ${SEARCH_INPUT_SELECTOR}`) ??
            document.querySelector<HTMLElement>(SEARCH_INPUT_SELECTOR)
          )?.focus();
          break;
        case 'open-help':
          setIsHelpOpen(true);
          break;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, cycleTheme]);

  if (!isHelpOpen) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog open={isHelpOpen} onOpenChange={setIsHelpOpen} />
    </Suspense>
  );
}
