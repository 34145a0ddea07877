/** The teams module's public surface: organisations, members and invitations. */
export { teamsRoutes } from './teams.routes';
export { resolveOrganizationAccess } from './resolve-organization';
export { insertOrganizationWithOwner } from './memberships.repository';
export {
  createClerkMembershipSource,
  type ClerkMembership,
  type ClerkMembershipSource,
} from './clerk-memberships';
export { assertArtistPlaceForData } from './organizations.service';
