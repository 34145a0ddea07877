import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths, type AppPath } from '@/config/paths';
import { createFakeIdentity } from '@/testing/fake-identity';
import { renderRoutes } from '@/testing/render';
import { documentTitleFor } from './root-layout';
import { routeModules } from './route-modules';
import { routes } from './router';

describe('document titles', () => {
  it('gives every page its own title, from its route module', async () => {
    const entries = Object.entries(routeModules) as [AppPath, (typeof routeModules)[AppPath]][];
    const titles = await Promise.all(entries.map(async ([, load]) => (await load()).title));
    expect(entries.map(([path]) => path).sort()).toEqual(Object.values(paths).sort());
    expect(titles.every((title) => typeof title === 'string' && title.trim() !== '')).toBe(true);
    // Only the payment returns share a name (they are the same outcome).
    const duplicates = titles.filter((title, index) => titles.indexOf(title) !== index);
    expect(duplicates).toEqual(['Payment']);
    expect((await routeModules[paths.settingsBilling]()).title).toBe('Billing');
    expect((await routeModules[paths.dashboardSong]()).title).toBe('Song');
  }, 60_000);

  it('names the tab after the page, or the app alone', () => {
    expect(documentTitleFor('Audience')).toBe('Audience · Crescendo');
    expect(documentTitleFor(undefined)).toBe('Crescendo');
  });

  it('sets the tab of a page the router shows, a path with a parameter included', async () => {
    renderRoutes(routes, { initialEntries: ['/login'], adapter: createFakeIdentity().adapter });
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Sign in · Crescendo'));

    renderRoutes(routes, {
      initialEntries: ['/invite/some-token'],
      adapter: createFakeIdentity().adapter,
    });
    await waitFor(() => expect(document.title).toBe('Invitation · Crescendo'), { timeout: 10_000 });
  });
});
