import { OAuthCallbackPage } from '@/features/connections/components/oauth-callback-page';

export function Component() {
  return <OAuthCallbackPage provider="meta" />;
}

export const title = 'Meta connection';
