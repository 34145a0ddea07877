import {
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  chatStreamInputSchema,
  chatSuggestionsResponseSchema,
  conversationParamsSchema,
  conversationResponseSchema,
  conversationsResponseSchema,
  renameConversationInputSchema,
  sendMessageInputSchema,
  sendMessageResponseSchema,
  type ChatStreamEvent,
} from '@crescendo/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { organizationRouteRoles, routeRoles } from '../../lib/permissions';
import { errorResponses } from '../../lib/route-schemas';
import { requireCurrentUser } from '../../plugins/auth';
import { getSuggestions } from './chat-suggestions';
import {
  answerMessage,
  getChatHistory,
  getConversations,
  prepareMessage,
  prepareRetry,
  removeConversation,
  renameConversation,
  type ChatDependencies,
} from './chat.service';

/** The assistant (spec §7 `/v1/chat/…`): every conversation is the caller's own. */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatDependencies }> = async (
  app,
  { chat },
) => {
  const { db } = chat;
  const config = {
    auth: 'user',
    roles: routeRoles.dashboard,
    organizationRole: organizationRouteRoles.assistant,
  } as const;
  const security = [{ bearerAuth: [] }];
  const tags = ['assistant'];

  app.get(
    '/api/v1/chat/history',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s messages, oldest first (optionally of one conversation)',
        security,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistoryResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => getChatHistory(db, requireCurrentUser(request), request.query),
  );

  app.post(
    '/api/v1/chat/send-message',
    {
      config,
      schema: {
        tags,
        summary: 'Ask the assistant; the answer carries its sources',
        security,
        body: sendMessageInputSchema,
        response: {
          200: sendMessageResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const turn = await prepareMessage(chat, requireCurrentUser(request), request.body);
      // Also on failure: the question is stored in this conversation and can be retried.
      reply.header('x-conversation-id', turn.conversation.id);
      return answerMessage(chat, turn);
    },
  );

  app.post(
    '/api/v1/chat/conversations/:id/retry',
    {
      config,
      schema: {
        tags,
        summary: 'Answer the conversation’s last unanswered message again',
        security,
        params: conversationParamsSchema,
        response: {
          200: sendMessageResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const turn = await prepareRetry(chat, requireCurrentUser(request), request.params.id);
      reply.header('x-conversation-id', turn.conversation.id);
      return answerMessage(chat, turn);
    },
  );

  app.post(
    '/api/v1/chat/stream',
    {
      config,
      schema: {
        tags,
        summary:
          'The streaming form (server-sent events: start, delta…, done or error); `retry` answers the last unanswered message',
        security,
        body: chatStreamInputSchema,
        response: errorResponses(400, 401, 403, 404, 409, 429),
      },
    },
    async (request, reply) => {
      const user = requireCurrentUser(request);
      const body = request.body;
      // Limits, ownership and storing the question happen before the stream opens, so their
      // errors still arrive as ordinary JSON errors.
      const turn =
        'retry' in body
          ? await prepareRetry(chat, user, body.conversationId)
          : await prepareMessage(chat, user, body);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: ChatStreamEvent) =>
        raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      send({
        type: 'start',
        conversationId: turn.conversation.id,
        userMessageId: turn.question.id,
      });
      try {
        const answer = await answerMessage(chat, turn, (text) => send({ type: 'delta', text }));
        send({ type: 'done', ...answer });
      } catch (error) {
        const isKnown = error instanceof AppError;
        if (!isKnown) request.log.error({ err: error }, 'assistant stream failed');
        send({
          type: 'error',
          conversationId: turn.conversation.id,
          code: isKnown ? error.code : 'INTERNAL',
          message: isKnown ? error.message : 'The assistant could not answer just now.',
        });
      }
      raw.end();
    },
  );

  app.get(
    '/api/v1/chat/suggestions',
    {
      config,
      schema: {
        tags,
        summary: 'Questions to ask, drawn from the artist’s own numbers',
        security,
        response: { 200: chatSuggestionsResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ questions: await getSuggestions(db, requireCurrentUser(request)) }),
  );

  app.get(
    '/api/v1/chat/conversations',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s conversations, most recent first',
        security,
        response: { 200: conversationsResponseSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ items: await getConversations(db, requireCurrentUser(request)) }),
  );

  app.patch(
    '/api/v1/chat/conversations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Rename a conversation',
        security,
        params: conversationParamsSchema,
        body: renameConversationInputSchema,
        response: { 200: conversationResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      conversation: await renameConversation(
        db,
        requireCurrentUser(request),
        request.params.id,
        request.body.title,
      ),
    }),
  );

  app.delete(
    '/api/v1/chat/conversations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a conversation and its messages',
        security,
        params: conversationParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await removeConversation(db, requireCurrentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
