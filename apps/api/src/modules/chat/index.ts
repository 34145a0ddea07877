// The chat module's public surface.
export { chatRoutes } from './chat.routes';
export { createChatDependencies } from './chat-dependencies';
export { assertAssistantAllowance } from './chat.service';
export { createAssistantTools, assistantToolNames } from './tools/assistant-tools';
export { mcpRoutes } from './chat-mcp.routes';
