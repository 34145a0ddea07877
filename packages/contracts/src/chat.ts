import { z } from 'zod';

/** The longest question the assistant takes, in characters. */
export const chatMessageMaxLength = 2000;

export const chatPlatformSchema = z.enum(['all', 'youtube', 'instagram', 'facebook', 'tiktok']);

/** Which dashboard view shows a source's figures (the web links a chip to it). */
export const chatSourceViewSchema = z.enum(['analytics', 'audience', 'content', 'roi', 'revenue']);

/** Where an answer's figures came from: the tool, its window and platform. */
export const chatSourceSchema = z.object({
  tool: z.string(),
  label: z.string(),
  view: chatSourceViewSchema,
  platform: chatPlatformSchema,
  window: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** One song's figures: the web links the source to that song's page. */
  isrc: z.string().optional(),
});
export type ChatSource = z.infer<typeof chatSourceSchema>;

export const chatRoleSchema = z.enum(['user', 'assistant']);

export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: chatRoleSchema,
  /** Markdown text. */
  content: z.string(),
  sources: z.array(chatSourceSchema),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const messageText = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, { error: 'Message is required' })
  .max(chatMessageMaxLength, {
    error: `Keep a message under ${chatMessageMaxLength.toLocaleString('en-US')} characters`,
  });

/** `POST /api/v1/chat/send-message` (spec §7). */
export const sendMessageInputSchema = z
  .object({
    message: messageText,
    conversationId: z.uuid({ error: 'Invalid conversation id' }).optional(),
  })
  .strict();
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

export const assistantMessageSchema = z.object({
  id: z.string(),
  role: z.literal('assistant'),
  content: z.string(),
  sources: z.array(chatSourceSchema),
  createdAt: z.string(),
});

export const sendMessageResponseSchema = z.object({
  conversationId: z.string(),
  message: assistantMessageSchema,
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/**
 * `POST /api/v1/chat/stream`: a new message, or `retry` to answer the conversation's last
 * unanswered message again (it was stored before the model failed).
 */
export const chatStreamInputSchema = z.union([
  sendMessageInputSchema,
  z
    .object({
      conversationId: z.uuid({ error: 'Invalid conversation id' }),
      retry: z.literal(true),
    })
    .strict(),
]);
export type ChatStreamInput = z.input<typeof chatStreamInputSchema>;

/** Server-sent events of the streaming form, in order: start, delta…, then done or error. */
export type ChatStreamEvent =
  | { type: 'start'; conversationId: string; userMessageId: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; conversationId: string; message: z.infer<typeof assistantMessageSchema> }
  | { type: 'error'; conversationId: string; code: string; message: string };

export const chatHistoryQuerySchema = z.object({
  conversationId: z.uuid({ error: 'Invalid conversation id' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const chatHistoryResponseSchema = z.object({
  items: z.array(chatMessageSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponseSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsResponseSchema = z.object({ items: z.array(conversationSchema) });

export const conversationParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid conversation id' }),
});

export const renameConversationInputSchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, { error: 'Title is required' })
      .max(120, { error: 'Keep a title under 120 characters' }),
  })
  .strict();

export const conversationResponseSchema = z.object({ conversation: conversationSchema });

/** Questions the artist can ask, drawn from their own data. */
export const chatSuggestionsResponseSchema = z.object({ questions: z.array(z.string()) });
