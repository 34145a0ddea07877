// The waitlist module's public surface: other modules import the waitlist only from here.
export { approvePendingEntry, ensureEntry, findEntryByEmail } from './waitlist.repository';
export { waitlistAdminRoutes } from './waitlist.routes';
