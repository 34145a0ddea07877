// The profile module's public surface: the artist profile routes and the seed's insert.
export { profileRoutes } from './profile.routes';
export { insertProfile } from './profile.repository';
export { findProfile as findArtistProfile } from './profile.repository';
