import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { readAuthorizationToken, readParams } from '../http';
import type { AccessTokenRecord, Grant } from '../oauth/token-store';
import type { Persona } from '../personas/world';
import { MetaApiError, META_ERRORS, checkMetaToken, sendMetaError } from './errors';

/** Who is calling Graph: the access token's grant and persona, and the permissions it carries. */
export type Caller = { grant: Grant; record: AccessTokenRecord; persona: Persona; token: string };

export function authenticateMeta(
  request: FastifyRequest,
  reply: FastifyReply,
  context: SandboxContext,
): Caller | null {
  const token = readParams(request.query).access_token ?? readAuthorizationToken(request);
  if (!token) {
    sendMetaError(reply, META_ERRORS.missingToken);
    return null;
  }
  const nowMs = context.clock.nowMs();
  const lookup = context.tokens.lookupAccessToken(token, nowMs);
  const checked = checkMetaToken(lookup, nowMs);
  if ('error' in checked) {
    sendMetaError(reply, checked.error);
    return null;
  }
  return {
    grant: checked.grant,
    record: checked.record,
    persona: context.world.persona(checked.grant.personaId),
    token,
  };
}

export function requirePermission(caller: Caller, permission: string): void {
  if (!caller.grant.scopes.includes(permission))
    throw new MetaApiError(META_ERRORS.missingPermission);
}
