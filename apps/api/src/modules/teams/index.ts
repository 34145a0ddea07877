/** The teams module's public surface: organisations, members and invitations. */
export { teamsRoutes } from './teams.routes';
export { createOrganizationResolver, type OrganizationResolver } from './resolve-organization';
export {
  createClerkMembershipSource,
  type ClerkMembership,
  type ClerkMembershipSource,
} from './clerk-memberships';
export { assertArtistPlaceForData, type ArtistPlans } from './organizations.service';
