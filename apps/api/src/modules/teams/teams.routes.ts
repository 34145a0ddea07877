import {
  acceptInvitationResponseSchema,
  createInvitationRequestSchema,
  createInvitationResponseSchema,
  createOrganizationRequestSchema,
  createOrganizationResponseSchema,
  invitationIdParamsSchema,
  invitationPreviewResponseSchema,
  invitationTokenParamsSchema,
  memberIdParamsSchema,
  memberResponseSchema,
  organizationListResponseSchema,
  teamInvitationsResponseSchema,
  teamMembersResponseSchema,
  updateMemberRoleRequestSchema,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationRouteRoles, routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { readRequestOrigin } from '../../lib/request-origin';
import { requireCurrentUser, requireIdentity } from '../../plugins/auth';
import { recordAuditEvent, type AuditEventInput } from '../audit';
import { createArtist, listOrganizations } from './organizations.service';
import {
  acceptInvitation,
  changeMemberRole,
  getTeamInvitations,
  getTeamMembers,
  inviteMember,
  previewInvitation,
  removeMember,
  revokeInvitation,
  type TeamDependencies,
} from './team.service';

/** Organisations (artists), their members and invitations. */
export const teamsRoutes: FastifyPluginAsyncZod<TeamDependencies> = async (app, deps) => {
  const { db } = deps;
  const security = [{ bearerAuth: [] }];
  const tags = ['teams'];
  const members = { auth: 'user', organizationRole: organizationRouteRoles.members } as const;
  // Each member change is recorded after it is made, in the organisation it changed.
  const recordEvent = (
    request: Parameters<typeof requireIdentity>[0],
    event: Pick<AuditEventInput, 'action' | 'detail'> & { organizationId?: string },
  ) => {
    const user = requireCurrentUser(request);
    return recordAuditEvent(db, {
      organizationId: event.organizationId ?? user.organization.id,
      action: event.action,
      actor: { userId: user.id },
      origin: readRequestOrigin(request),
      ...(event.detail ? { detail: event.detail } : {}),
    });
  };
  const sessionOf = (request: Parameters<typeof requireIdentity>[0]) => {
    const identity = requireIdentity(request);
    return identity.provider === 'embedded' ? identity.sessionId : null;
  };

  app.get(
    '/api/v1/organizations',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The artists (organisations) you belong to, and your artist allowance',
        security,
        response: { 200: organizationListResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => listOrganizations(db, deps.artistPlans, requireCurrentUser(request)),
  );

  app.post(
    '/api/v1/organizations',
    {
      // Creating your own artist acts on you, not on the active organisation's data.
      config: {
        auth: 'user',
        roles: routeRoles.dashboard,
        organizationRole: organizationRouteRoles.self,
      },
      schema: {
        tags,
        summary: 'Create an artist (organisation) you own; it becomes your active one',
        security,
        body: createOrganizationRequestSchema,
        response: {
          201: createOrganizationResponseSchema,
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        organization: await createArtist(
          db,
          deps.artistPlans,
          requireCurrentUser(request),
          sessionOf(request),
          request.body.name,
        ),
      }),
  );

  app.get(
    '/api/v1/team/members',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The active artist's members and their roles",
        security,
        response: { 200: teamMembersResponseSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request) => getTeamMembers(db, requireCurrentUser(request)),
  );

  app.patch(
    '/api/v1/team/members/:memberId',
    {
      config: members,
      schema: {
        tags,
        summary: "Change a member's role (owners; an artist keeps at least one owner)",
        security,
        params: memberIdParamsSchema,
        body: updateMemberRoleRequestSchema,
        response: { 200: memberResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const member = await changeMemberRole(
        db,
        requireCurrentUser(request),
        request.params.memberId,
        request.body.role,
      );
      await recordEvent(request, {
        action: 'member_role_changed',
        detail: { memberName: member.name, memberEmail: member.email, role: member.role },
      });
      return { member };
    },
  );

  app.delete(
    '/api/v1/team/members/:memberId',
    {
      config: members,
      schema: {
        tags,
        summary: 'Remove a member (owners; never the last owner); their access ends at once',
        security,
        params: memberIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const member = await removeMember(db, requireCurrentUser(request), request.params.memberId);
      await recordEvent(request, {
        action: 'member_removed',
        detail: { memberName: member.name, memberEmail: member.email, role: member.role },
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/team/invitations',
    {
      config: members,
      schema: {
        tags,
        summary: "The active artist's invitations, with the link of each pending one (owners)",
        security,
        response: { 200: teamInvitationsResponseSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request) => ({
      invitations: await getTeamInvitations(deps, requireCurrentUser(request)),
    }),
  );

  app.post(
    '/api/v1/team/invitations',
    {
      config: members,
      schema: {
        tags,
        summary: 'Invite someone by email with a role; the link is mailed and returned (owners)',
        security,
        body: createInvitationRequestSchema,
        response: {
          201: createInvitationResponseSchema,
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const created = await inviteMember(deps, requireCurrentUser(request), request.body);
      await recordEvent(request, {
        action: 'member_invited',
        detail: { email: created.invitation.email, role: created.invitation.role },
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/v1/team/invitations/:invitationId',
    {
      config: members,
      schema: {
        tags,
        summary: 'Revoke a pending invitation (owners); its link stops working',
        security,
        params: invitationIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await revokeInvitation(deps, requireCurrentUser(request), request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v1/invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link offers (no sign-in needed)',
        params: invitationTokenParamsSchema,
        response: { 200: invitationPreviewResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => previewInvitation(deps, request.params.token),
  );

  app.post(
    '/api/v1/invitations/:token/accept',
    {
      // Joining acts on the caller, not on their active organisation.
      config: { auth: 'user', organizationRole: organizationRouteRoles.self },
      schema: {
        tags,
        summary: 'Accept an invitation sent to your address; its artist becomes your active one',
        security,
        params: invitationTokenParamsSchema,
        body: z.unknown().optional(),
        response: {
          200: acceptInvitationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const organization = await acceptInvitation(
        deps,
        requireCurrentUser(request),
        sessionOf(request),
        request.params.token,
      );
      await recordEvent(request, {
        organizationId: organization.id,
        action: 'member_joined',
        detail: { role: organization.role },
      });
      return { organization };
    },
  );
};
