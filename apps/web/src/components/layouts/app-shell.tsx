import { Download, Keyboard, Menu, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Logo } from '@/components/ui/logo';
import { getHomePathForRoles } from '@/config/paths';
import { ASSISTANT_SHORTCUT_LABEL, openAssistant } from '@/lib/assistant-events';
import { useAuth } from '@/lib/auth/auth-context';
import { useOrganizationAccess } from '@/lib/organizations/use-organization-access';
import { cn } from '@/lib/cn';
import { DataProvider } from '@/lib/data-provider';
import { loadOnce } from '@/lib/load-once';
import { showToast } from '@/lib/toast';
import { importWithChunkFallback } from '@/lib/chunk-errors';
import { ServerUnreachable } from '@/components/errors/server-unreachable';
import { useReachability } from '@/lib/use-reachability';
import { EmailVerificationBanner } from './email-verification-banner';
import { ExportProvider, runExport, useExportPayload } from './export-context';
import { userMenuTriggerClassName } from './user-menu-trigger';
import { HeaderSearch } from './header-search';
import { OrganizationSwitcher } from './organization-switcher';
import { getNavSectionsForRoles } from './nav-items';
import { ThemeToggle } from './theme-toggle';

function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { roles } = useAuth();
  return (
    <nav aria-label="App" className="flex flex-col gap-6">
      {getNavSectionsForRoles(roles).map((section) => (
        <div key={section.title}>
          <p className="mb-2 px-3 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
            {section.title}
          </p>
          <ul className="flex flex-col gap-0.5">
            {section.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-100'
                        : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white',
                    )
                  }
                >
                  <item.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** Runs what the page registered (JSON data or its own download); Ctrl+Shift+E clicks it. */
export function ExportButton() {
  const { payload } = useExportPayload();
  const [isExporting, setIsExporting] = useState(false);
  const onExport = async () => {
    if (isExporting) return;
    setIsExporting(true);
    try {
      await runExport(payload);
    } finally {
      setIsExporting(false);
    }
  };
  // Only where the page has something to export.
  if (!payload) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => void onExport()}
      aria-busy={isExporting || undefined}
      data-shortcut="export"
      title="Export (Ctrl+Shift+E)"
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      <span className="hidden sm:inline">Export</span>
      <span className="sr-only sm:hidden">Export</span>
    </Button>
  );
}

const userMenuModule = loadOnce(importWithChunkFallback(() => import('./user-menu-dropdown')));
const loadUserMenu = userMenuModule.load;

/**
 * The account button; Radix's menu (with its positioning engine, ~15 KB gz) loads when the
 * artist first reaches for it, and opens at once.
 */
function UserMenu() {
  const { user, roles, logout } = useAuth();
  const [menu, setMenu] = useState(userMenuModule.read);
  const [opensOnLoad, setOpensOnLoad] = useState(false);
  if (!user) return null;
  const label = `Account menu for ${user.name || user.email}`;
  const initials = (user.name || user.email).slice(0, 1).toUpperCase();
  if (menu) {
    return (
      <menu.UserMenuDropdown
        label={label}
        initials={initials}
        name={user.name}
        email={user.email}
        roles={roles}
        defaultOpen={opensOnLoad}
        onSignOut={() => void logout()}
      />
    );
  }
  return (
    <button
      type="button"
      className={userMenuTriggerClassName}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={opensOnLoad}
      onPointerEnter={() => void loadUserMenu().catch(() => undefined)}
      onFocus={() => void loadUserMenu().catch(() => undefined)}
      onClick={() => {
        setOpensOnLoad(true);
        loadUserMenu().then(setMenu, (error: unknown) => {
          setOpensOnLoad(false);
          showToast({
            title: 'The account menu did not load',
            // A chunk that failed to load reads as the spec's one message (ChunkLoadError).
            description: error instanceof Error ? error.message : String(error),
            type: 'error',
          });
        });
      }}
    >
      {initials}
    </button>
  );
}

/** A viewer sees every page read-only: say so once, above the page, rather than on each button. */
function ViewerNotice() {
  const { backendUser } = useAuth();
  const { readOnlyReason } = useOrganizationAccess();
  if (!readOnlyReason || !backendUser) return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
    >
      <span className="font-medium">{backendUser.organization.name}:</span> {readOnlyReason}
    </p>
  );
}

/**
 * The signed-in app frame: navigation, search, export, theme and account. `headerActions` are
 * the app layer's own header buttons (the notification bell), since shared code cannot import
 * features.
 */
export function AppShell({
  children,
  headerActions,
}: {
  children?: ReactNode;
  headerActions?: ReactNode;
}) {
  const { roles } = useAuth();
  const reachability = useReachability();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  return (
    <DataProvider>
      <ExportProvider>
        <div className="flex flex-1">
          <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r border-zinc-200 bg-zinc-50/60 px-3 py-5 lg:flex dark:border-zinc-800 dark:bg-zinc-900/40">
            <div className="px-3">
              <Logo to={getHomePathForRoles(roles)} />
            </div>
            <SideNav />
          </aside>
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90">
              <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-6">
                <Button
                  variant="ghost"
                  size="icon"
                  className="lg:hidden"
                  aria-label="Open navigation"
                  onClick={() => setIsMenuOpen(true)}
                >
                  <Menu className="h-5 w-5" aria-hidden="true" />
                </Button>
                <OrganizationSwitcher />
                <HeaderSearch />
                <div className="ml-auto flex items-center gap-1 sm:gap-2">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Ask the assistant (${ASSISTANT_SHORTCUT_LABEL})`}
                    data-shortcut="assistant"
                    onClick={() => openAssistant()}
                  >
                    <Sparkles className="h-5 w-5" aria-hidden="true" />
                  </Button>
                  <ExportButton />
                  {headerActions}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="hidden sm:inline-flex"
                    aria-label="Keyboard shortcuts (press ?)"
                    onClick={() =>
                      window.dispatchEvent(
                        new KeyboardEvent('keydown', { key: '?', bubbles: true }),
                      )
                    }
                  >
                    <Keyboard className="h-5 w-5" aria-hidden="true" />
                  </Button>
                  <ThemeToggle />
                  <UserMenu />
                </div>
              </div>
            </header>
            <main
              id="main"
              className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-4 py-6 sm:px-6 sm:py-8"
            >
              <ViewerNotice />
              <EmailVerificationBanner />
              {reachability === 'unreachable' ? <ServerUnreachable /> : (children ?? <Outlet />)}
            </main>
          </div>
        </div>
        <Dialog open={isMenuOpen} onOpenChange={setIsMenuOpen}>
          <DialogContent
            title="Navigation"
            className="top-0 left-0 h-dvh max-h-dvh w-72 translate-x-0 translate-y-0 rounded-none"
          >
            <SideNav onNavigate={() => setIsMenuOpen(false)} />
          </DialogContent>
        </Dialog>
      </ExportProvider>
    </DataProvider>
  );
}
