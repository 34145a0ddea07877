import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { env } from '@/config/env';
import { resolveLink } from '@/lib/links';

/** /redirect?to=…: applies the link rules, so only in-app paths and the product's own domain open. */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = params.get('to') ?? params.get('url') ?? '/';
  useEffect(() => {
    const resolved = resolveLink(target, {
      productionHost: env.productionHost,
      currentOrigin: window.location.origin,
    });
    if (resolved.kind === 'internal') void navigate(resolved.to, { replace: true });
    else window.location.replace(resolved.href);
  }, [target, navigate]);
  return <LoadingScreen message="Redirecting..." />;
}

export const title = 'Redirecting';
