/**
 * The organisations module's public surface: who belongs to which organisation (as SQL the users
 * and billing reads build on), making an organisation with its owner, and the access decision a
 * waitlist approval, a payment or an accepted invitation makes. It sits at the bottom of the
 * module tree: users, teams, billing, waitlist and account build on it, and it imports no module.
 */
export {
  isMemberOfOrganization,
  memberOrganizationIdsOfUser,
  memberSubscriptionsOfUser,
  toStandings,
  type StoredStanding,
} from './member-organizations';
export { insertOrganizationWithOwner, updateAccessForDecision } from './organizations.repository';
