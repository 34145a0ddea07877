import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { env } from '@/config/env';
import { resolveLink } from '@/lib/links';

/** A link that applies the spec §2 link rules (production/typo hosts become in-app paths). */
export function AppLink({
  href,
  children,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const resolved = resolveLink(href, {
    productionHost: env.productionHost,
    currentOrigin: window.location.origin,
  });
  if (resolved.kind === 'internal') {
    return (
      <Link to={resolved.to} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a href={resolved.href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </a>
  );
}
