import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { getHomePathForRoles, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { ThemeToggle } from './theme-toggle';

export function PublicHeader() {
  const auth = useAuth();
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white/85 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {auth.isSignedIn && auth.user ? (
            <Button asChild size="sm">
              <Link to={getHomePathForRoles(auth.roles)}>
                {getHomePathForRoles(auth.roles) === paths.waitlist
                  ? 'Waitlist status'
                  : 'Open dashboard'}
              </Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.login}>Sign in</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.register}>
                  <span className="sm:hidden">Join</span>
                  <span className="hidden sm:inline">Join the waitlist</span>
                </Link>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <PublicHeader />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
    </>
  );
}
