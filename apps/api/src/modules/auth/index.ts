// The auth module's public surface: sign-in/up routes and the embedded identity's routes.
export { authRoutes } from './auth.routes';
export { embeddedIdentityRoutes } from './embedded-identity.routes';
