import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from './context';
import { formatDay } from './dates';
import { FAULT_APIS, type FaultApi, type FaultSpec } from './faults';
import {
  staticGoogleToken,
  staticMetaPageToken,
  staticMetaToken,
  staticTikTokToken,
  type Provider,
} from './oauth/token-store';
import { PERSONA_IDS, isPersonaId } from './personas/definitions';
import { ANALYTICS_LAG_DAYS } from './youtube/analytics';

/**
 * Test-only control API (not part of any real provider): fault injection, clock, revocation and a
 * state dump. Bodies are JSON; errors use {"error":{"code","message"}} like the Crescendo API.
 */
function badRequest(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).send({ error: { code: 'VALIDATION_FAILED', message } });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseFaultSpec(value: unknown): FaultSpec | string {
  if (!isRecord(value)) return 'fault must be an object';
  switch (value.type) {
    case '429': {
      const retry = value.retryAfterSeconds;
      if (retry !== undefined && (typeof retry !== 'number' || retry < 0))
        return 'fault.retryAfterSeconds must be a non-negative number';
      return retry === undefined ? { type: '429' } : { type: '429', retryAfterSeconds: retry };
    }
    case '5xx': {
      const status = value.status;
      if (status !== undefined && (typeof status !== 'number' || status < 500 || status > 599))
        return 'fault.status must be between 500 and 599';
      return status === undefined ? { type: '5xx' } : { type: '5xx', status };
    }
    case 'quotaExceeded':
    case 'revoked':
    case 'malformed':
      return { type: value.type };
    default:
      return "fault.type must be one of '429', '5xx', 'quotaExceeded', 'revoked', 'malformed'";
  }
}

export async function registerControlRoutes(
  app: FastifyInstance,
  context: SandboxContext,
): Promise<void> {
  app.post('/faults', async (request, reply) => {
    const body = request.body;
    if (!isRecord(body) || !isRecord(body.match))
      return badRequest(reply, 'body.match is required');
    const api = body.match.api;
    if (typeof api !== 'string' || !(FAULT_APIS as readonly string[]).includes(api))
      return badRequest(reply, `match.api must be one of ${FAULT_APIS.join(', ')}`);
    const path = body.match.path;
    if (path !== undefined && typeof path !== 'string')
      return badRequest(reply, 'match.path must be a string');
    const spec = parseFaultSpec(body.fault);
    if (typeof spec === 'string') return badRequest(reply, spec);
    const times = body.times;
    if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1))
      return badRequest(reply, 'times must be a positive integer');
    const fault = context.faults.add(
      { api: api as FaultApi, ...(path !== undefined ? { path } : {}) },
      spec,
      times ?? null,
    );
    return reply.code(201).send(fault);
  });

  app.get('/faults', async () => ({ faults: context.faults.list() }));

  app.delete('/faults', async (_request, reply) => {
    context.faults.clear();
    return reply.code(204).send();
  });

  app.delete('/faults/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!context.faults.remove(id))
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No fault ${id}` } });
    return reply.code(204).send();
  });

  app.post('/revoke', async (request, reply) => {
    const body = request.body;
    if (!isRecord(body) || !isPersonaId(body.persona))
      return badRequest(reply, `persona must be one of ${PERSONA_IDS.join(', ')}`);
    const provider = body.provider;
    if (
      provider !== undefined &&
      provider !== 'google' &&
      provider !== 'meta' &&
      provider !== 'tiktok'
    )
      return badRequest(reply, "provider must be 'google', 'meta' or 'tiktok'");
    const revoked = context.tokens.revokePersona(body.persona, provider as Provider | undefined);
    return reply.send({ revokedGrants: revoked });
  });

  app.post('/clock', async (request, reply) => {
    const body = request.body;
    if (!isRecord(body)) return badRequest(reply, 'body must be an object');
    if (body.now !== undefined) {
      if (typeof body.now !== 'string' && typeof body.now !== 'number')
        return badRequest(reply, 'now must be an ISO timestamp or epoch milliseconds');
      if (Number.isNaN(new Date(body.now).getTime()))
        return badRequest(reply, 'now is not a valid time');
      context.clock.set(body.now);
    }
    for (const [key, unitMs] of [
      ['advanceSeconds', 1000],
      ['advanceDays', 86_400_000],
    ] as const) {
      const value = body[key];
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value))
        return badRequest(reply, `${key} must be a number`);
      context.clock.advance(value * unitMs);
    }
    return reply.send(clockState(context));
  });

  app.post('/reset', async (_request, reply) => {
    context.clock.reset();
    context.faults.clear();
    context.quota.reset();
    context.tokens.reset(context.clock.nowMs());
    return reply.code(204).send();
  });

  app.get('/state', async () => {
    const nowMs = context.clock.nowMs();
    const grants = [...context.tokens.grants.values()];
    return {
      seed: context.options.seed,
      ...clockState(context),
      quota: context.quota.snapshot(nowMs),
      faults: context.faults.list(),
      grants: grants.map((g) => ({
        id: g.id,
        provider: g.provider,
        persona: g.personaId,
        clientId: g.clientId,
        scopes: g.scopes,
        isRevoked: g.isRevoked,
      })),
      personas: describePersonas(context),
    };
  });

  app.get('/personas', async () => ({ personas: describePersonas(context) }));
}

function clockState(context: SandboxContext): Record<string, unknown> {
  const nowMs = context.clock.nowMs();
  const today = context.today();
  return {
    now: new Date(nowMs).toISOString(),
    isClockPinned: context.clock.isPinned(),
    today: formatDay(today),
    anchorDay: formatDay(context.world.anchorDay),
    analyticsLastDataDay: formatDay(today - ANALYTICS_LAG_DAYS),
  };
}

export function describePersonas(context: SandboxContext): Record<string, unknown>[] {
  return PERSONA_IDS.map((id) => {
    const persona = context.world.persona(id);
    return {
      id,
      label: persona.definition.label,
      artistName: persona.definition.artistName,
      youtube: {
        channelId: persona.youtube.id,
        uploadsPlaylistId: persona.youtube.uploadsPlaylistId,
        videoCount: persona.youtube.videos.length,
        isBelowPrivacyThreshold: persona.youtube.isBelowPrivacyThreshold,
        staticAccessToken: staticGoogleToken(id),
        staticRefreshToken: `sandbox-google-refresh-${id}`,
      },
      meta: {
        facebookUserId: persona.facebookUser.id,
        pageId: persona.page.id,
        instagramUserId: persona.instagram.id,
        instagramUsername: persona.instagram.username,
        staticUserAccessToken: staticMetaToken(id),
        staticPageAccessToken: staticMetaPageToken(id),
      },
      tiktok: {
        openId: persona.tiktok.openId,
        username: persona.tiktok.username,
        songs: persona.tiktok.songs,
        staticAccessToken: staticTikTokToken(id),
      },
    };
  });
}
