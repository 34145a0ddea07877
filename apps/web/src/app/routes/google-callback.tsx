import { OAuthCallbackPage } from '@/features/connections/components/oauth-callback-page';

export function Component() {
  return <OAuthCallbackPage provider="google" />;
}

export const title = 'Google connection';
