// The users module's public surface: other modules import users only from here.
export { resolveCurrentUser, toMeResponse, toUserWithOrgResponse } from './users.service';
export type { CurrentUser, ProvisioningOptions } from './users.service';
export { updateUserProfileFields, updateUserRole } from './users.repository';
export { findUserByIdentity, insertUserWithOrganization } from './users.repository';
export { userAdminRoutes } from './users.routes';
