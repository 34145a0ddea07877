import { OAuthCallbackPage } from '@/features/connections/components/oauth-callback-page';

export function Component() {
  return <OAuthCallbackPage provider="generic" />;
}

export const title = 'Connecting';
