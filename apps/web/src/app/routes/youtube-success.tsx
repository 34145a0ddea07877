import { OAuthCallbackPage } from '@/features/connections/components/oauth-callback-page';

export function Component() {
  return <OAuthCallbackPage provider="youtube" />;
}

export const title = 'YouTube connection';
