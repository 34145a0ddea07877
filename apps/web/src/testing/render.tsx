import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { AuthProvider } from '@/lib/auth/auth-context';
import { IdentityAdapterContext } from '@/lib/identity/adapter-context';
import type { IdentityAdapter } from '@/lib/identity/types';
import { ThemeProvider } from '@/lib/theme-provider';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders routes in a memory router inside the app's providers. */
export function renderRoutes(
  routes: RouteObject[],
  options: { initialEntries?: string[]; adapter: IdentityAdapter; queryClient?: QueryClient },
) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  const wrap = (node: ReactNode) => (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <IdentityAdapterContext value={options.adapter}>{node}</IdentityAdapterContext>
      </QueryClientProvider>
    </ThemeProvider>
  );
  const utils = render(wrap(<RouterProvider router={router} />));
  return { ...utils, router, queryClient };
}

/** Routes under the auth context, as the app's root layout puts every page. */
export function withAuthProvider(children: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <AuthProvider>
          <Outlet />
        </AuthProvider>
      ),
      children,
    },
  ];
}
