import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { organizationRouteRoles, routeRoles } from '../../lib/permissions';
import { requireCurrentUser } from '../../plugins/auth';
import type { CurrentUser } from '../users';
import { createAssistantTools } from './tools/assistant-tools';

/** An MCP server whose tools are the assistant's, bound to one caller's organisation. */
export function createMcpServer(
  db: Database,
  user: CurrentUser,
  version: string,
  now?: () => Date,
): McpServer {
  const server = new McpServer({ name: 'crescendo', version });
  // On the app's clock, as the dashboard and the chat read it (the plan's history window).
  for (const tool of Object.values(createAssistantTools(db, user, now ? { now } : {}))) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (input) => {
        const { output, source } = await tool.run(input);
        return {
          content: [{ type: 'text', text: JSON.stringify({ result: output, source }) }],
          structuredContent: { result: output, source },
        };
      },
    );
  }
  return server;
}

/**
 * The assistant's tools over the Model Context Protocol (Streamable HTTP, stateless): an artist
 * points their own AI client at `/api/mcp` with their bearer token. Each request gets a server
 * bound to that token's user, so no tool input can reach another organisation.
 */
export const mcpRoutes: FastifyPluginAsync<{
  db: Database;
  version: string;
  now?: () => Date;
}> = async (app, { db, version, now }) => {
  app.route({
    method: ['POST', 'GET', 'DELETE'],
    url: '/api/mcp',
    // Every MCP call is a POST; the tools only read, so viewers may use them (like the chat).
    config: {
      auth: 'user',
      roles: routeRoles.dashboard,
      organizationRole: organizationRouteRoles.assistant,
    },
    schema: { hide: true },
    handler: async (request, reply) => {
      const user = requireCurrentUser(request);
      const server = createMcpServer(db, user, version, now);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      }
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  });
};
