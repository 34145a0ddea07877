import { env } from '@/config/env';
import { prefetchEmbeddedIdentity } from '@/lib/identity/embedded-session';
import { chooseIdentityProvider } from '@/lib/identity/select-adapter';
import { loadFirstScreenRequests, preloadFirstScreen } from './route-modules';

/*
 * Runs as soon as its own small chunk has loaded, before React and the app (a separate module
 * script in index.html, without their imports): starts the first screen's chunks, and once the
 * identity's token is known, the first screen's API reads. The app then finds them in flight.
 */
if (chooseIdentityProvider(env) === 'embedded') {
  prefetchEmbeddedIdentity((token) => {
    // Without the module (a failed chunk) each screen simply sends its own requests.
    loadFirstScreenRequests().then(
      (module) => module.startFirstScreenRequests(window.location, token),
      () => undefined,
    );
  });
}
preloadFirstScreen(window.location.pathname);
