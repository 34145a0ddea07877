import { describe, expect, it } from 'vitest';
import { getProductDomain, getTypoHosts, resolveLink } from './links';

const options = { productionHost: 'app.crescendo.fm', currentOrigin: 'http://localhost:3000' };

describe('link handling', () => {
  it('turns production-host links into in-app paths', () => {
    expect(resolveLink('https://app.crescendo.fm/dashboard?range=28d#top', options)).toEqual({
      kind: 'internal',
      to: '/dashboard?range=28d#top',
    });
  });

  it('turns typo-host links into in-app paths', () => {
    expect(getTypoHosts('app.crescendo.fm')).toEqual(
      expect.arrayContaining(['www.app.crescendo.fm', 'ap.crescendo.fm', 'appp.crescendo.fm']),
    );
    expect(resolveLink('https://appp.crescendo.fm/youtube', options)).toEqual({
      kind: 'internal',
      to: '/youtube',
    });
  });

  it('keeps same-origin and relative links in the app', () => {
    expect(resolveLink('/settings/profile', options)).toEqual({
      kind: 'internal',
      to: '/settings/profile',
    });
    expect(resolveLink('http://localhost:3000/pricing', options)).toEqual({
      kind: 'internal',
      to: '/pricing',
    });
  });

  it('allows the product’s own domain as an external link', () => {
    expect(getProductDomain('app.crescendo.fm')).toBe('crescendo.fm');
    expect(resolveLink('https://crescendo.fm/blog', options)).toEqual({
      kind: 'external',
      href: 'https://crescendo.fm/blog',
    });
    expect(resolveLink('https://www.crescendo.fm/a', options).kind).toBe('external');
    // Other subdomains only when listed: a stray one is not an open redirect.
    expect(resolveLink('https://help.crescendo.fm/a', options)).toEqual({
      kind: 'internal',
      to: '/',
    });
    expect(resolveLink('https://attacker.crescendo.fm/a', options)).toEqual({
      kind: 'internal',
      to: '/',
    });
    expect(
      resolveLink('https://help.crescendo.fm/a', {
        ...options,
        externalHosts: ['help.crescendo.fm'],
      }).kind,
    ).toBe('external');
  });

  it('sends other external links to the home page', () => {
    expect(resolveLink('https://evil.example.com/phish', options)).toEqual({
      kind: 'internal',
      to: '/',
    });
    expect(resolveLink('https://crescendo.fm.evil.com/', options)).toEqual({
      kind: 'internal',
      to: '/',
    });
    expect(resolveLink('javascript:alert(1)', options)).toEqual({ kind: 'internal', to: '/' });
  });
});
