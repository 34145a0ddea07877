/** Hosts that are common typos of the production host (a missing or doubled letter, a stray www). */
export function getTypoHosts(productionHost: string): string[] {
  const host = productionHost.toLowerCase();
  const [first = '', ...rest] = host.split('.');
  const domain = rest.join('.');
  const typos = new Set<string>([`www.${host}`]);
  if (domain) {
    if (first.length > 1) typos.add(`${first.slice(0, -1)}.${domain}`);
    typos.add(`${first}${first.slice(-1)}.${domain}`);
  }
  typos.delete(host);
  return [...typos];
}

/** The product's own domain: the production host without its first label (app.crescendo.fm → crescendo.fm). */
export function getProductDomain(productionHost: string): string {
  const labels = productionHost.toLowerCase().split('.');
  return labels.length > 2 ? labels.slice(1).join('.') : labels.join('.');
}

export type ResolvedLink = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * Spec §2: links to the production host (or a typo of it) become in-app paths; other external
 * links go to the home page unless they point at the product's own domain (itself or www., plus
 * any `externalHosts` named explicitly).
 */
export function resolveLink(
  href: string,
  options: { productionHost: string; currentOrigin: string; externalHosts?: readonly string[] },
): ResolvedLink {
  let url: URL;
  try {
    url = new URL(href, options.currentOrigin);
  } catch {
    return { kind: 'internal', to: '/' };
  }
  const toPath = () => `${url.pathname}${url.search}${url.hash}` || '/';
  if (url.protocol === 'mailto:' || url.protocol === 'tel:')
    return { kind: 'external', href: url.href };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'internal', to: '/' };
  if (url.origin === new URL(options.currentOrigin).origin)
    return { kind: 'internal', to: toPath() };
  const host = url.hostname.toLowerCase();
  const productionHost = options.productionHost.toLowerCase();
  if (host === productionHost || getTypoHosts(productionHost).includes(host)) {
    return { kind: 'internal', to: toPath() };
  }
  // An explicit list, not "any subdomain": one forgotten or taken-over subdomain of the parent
  // domain must not become an open redirect.
  const domain = getProductDomain(productionHost);
  const allowed = new Set([domain, `www.${domain}`, ...(options.externalHosts ?? [])]);
  if (allowed.has(host)) return { kind: 'external', href: url.href };
  return { kind: 'internal', to: '/' };
}
