/**
 * The audit module's public surface: other modules record events only through
 * `recordAuditEvent` (call it after the change is made, with the request's origin from
 * `lib/request-origin`).
 */
export { auditRoutes } from './audit.routes';
export { recordAuditEvent, type AuditEventInput } from './audit.service';
export { forgetAuditActor } from './audit.repository';
