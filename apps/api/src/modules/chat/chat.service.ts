import { randomUUID } from 'node:crypto';
import type {
  ChatHistoryResponse,
  ChatMessage,
  Conversation,
  SendMessageResponse,
} from '@crescendo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { retryAfterSecondsOf, type RateLimitStore } from '../../lib/rate-limit-store';
import type { CurrentUser } from '../users';
import { AssistantFailure, runAssistantTurn, type AssistantModel } from './assistant-pipeline';
import {
  deleteConversation,
  findConversation,
  insertConversation,
  insertMessage,
  listConversations,
  listMessages,
  listRecentMessages,
  touchConversation,
  updateConversationTitle,
  type ChatOwner,
} from './chat.repository';
import { createAssistantTools } from './tools/assistant-tools';
import { recordUsage } from '../billing';

export type ChatDependencies = {
  db: Database;
  assistant: AssistantModel;
  /** Messages per user per minute (on top of the API's general per-user limit). */
  limiter: { store: RateLimitStore; limit: number; windowMs: number };
  /** Logs failures without their cause's request details (which may carry keys). */
  logFailure: (failure: { reason: string; name: string; message: string }) => void;
  /** The clock the tools' windows are read with (the plan's history window, "yesterday"). */
  now?: () => Date;
};

/** A question stored and ready to be answered. */
export type PreparedTurn = {
  user: CurrentUser;
  conversation: Conversation;
  question: ChatMessage;
  history: ChatMessage[];
};

export const assistantErrorMessages = {
  timeout:
    'The assistant took too long to answer. Your message is saved in the conversation: try again.',
  model:
    'The assistant could not answer just now. Your message is saved in the conversation: try again.',
  rateLimited: 'You are sending messages too quickly. Wait a moment and try again.',
  nothingToRetry: 'Every message in this conversation already has an answer.',
  conversationNotFound: 'Conversation not found',
} as const;

function ownerOf(user: CurrentUser): ChatOwner {
  return { organizationId: user.organization.id, userId: user.id };
}

/**
 * The plan's monthly message limit: counted once per new message (never for a retry), past it a
 * 403 PLAN_LIMIT naming the plan that lifts it.
 */
export async function assertAssistantAllowance(db: Database, user: CurrentUser): Promise<void> {
  await recordUsage(db, user.organization.id, 'assistantMessages', `message:${randomUUID()}`);
}

async function assertRate(deps: ChatDependencies, user: CurrentUser): Promise<void> {
  const { store, limit, windowMs } = deps.limiter;
  const window = await store.hit(`assistant:${user.id}`, windowMs);
  const retryAfterSeconds = retryAfterSecondsOf(window, limit);
  if (retryAfterSeconds > 0) {
    throw new AppError('RATE_LIMITED', assistantErrorMessages.rateLimited, { retryAfterSeconds });
  }
}

function titleOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

async function requireConversation(db: Database, user: CurrentUser, id: string) {
  const conversation = await findConversation(db, ownerOf(user), id);
  if (!conversation) throw AppError.notFound(assistantErrorMessages.conversationNotFound);
  return conversation;
}

/** Checks the limits and stores the question before any model runs, so a failure loses nothing. */
export async function prepareMessage(
  deps: ChatDependencies,
  user: CurrentUser,
  input: { message: string; conversationId?: string | undefined },
): Promise<PreparedTurn> {
  const { db } = deps;
  const conversation = input.conversationId
    ? await requireConversation(db, user, input.conversationId)
    : null;
  await assertRate(deps, user);
  await assertAssistantAllowance(db, user);
  const owner = ownerOf(user);
  const target = conversation ?? (await insertConversation(db, owner, titleOf(input.message)));
  const history = conversation ? await listRecentMessages(db, owner, target.id, 12) : [];
  const question = await insertMessage(db, owner, {
    conversationId: target.id,
    role: 'user',
    content: input.message,
  });
  if (conversation) await touchConversation(db, owner, target.id);
  return { user, conversation: target, question, history };
}

/** The conversation's last question again, when it has no answer (the model failed on it). */
export async function prepareRetry(
  deps: ChatDependencies,
  user: CurrentUser,
  conversationId: string,
): Promise<PreparedTurn> {
  const conversation = await requireConversation(deps.db, user, conversationId);
  const recent = await listRecentMessages(deps.db, ownerOf(user), conversationId, 13);
  const last = recent.at(-1);
  if (!last || last.role !== 'user') {
    throw new AppError('CONFLICT', assistantErrorMessages.nothingToRetry);
  }
  await assertRate(deps, user);
  return { user, conversation, question: last, history: recent.slice(0, -1) };
}

/** Runs the model on a stored question and stores its answer with the answer's sources. */
export async function answerMessage(
  deps: ChatDependencies,
  turn: PreparedTurn,
  onText?: (delta: string) => void,
): Promise<SendMessageResponse> {
  const owner = ownerOf(turn.user);
  let answer;
  try {
    answer = await runAssistantTurn({
      assistant: deps.assistant,
      tools: createAssistantTools(deps.db, turn.user, deps.now ? { now: deps.now } : {}),
      history: turn.history,
      question: turn.question.content,
      ...(onText ? { onText } : {}),
    });
  } catch (error) {
    const reason = error instanceof AssistantFailure ? error.reason : 'model';
    const cause = error instanceof AssistantFailure ? error.cause : error;
    deps.logFailure({
      reason,
      name: cause instanceof Error ? cause.name : 'Error',
      message: cause instanceof Error ? cause.message.slice(0, 300) : 'unknown',
    });
    throw new AppError('SERVICE_UNAVAILABLE', assistantErrorMessages[reason]);
  }
  const [message] = await Promise.all([
    insertMessage(deps.db, owner, {
      conversationId: turn.conversation.id,
      role: 'assistant',
      content: answer.content,
      sources: answer.sources,
    }),
    touchConversation(deps.db, owner, turn.conversation.id),
  ]);
  return {
    conversationId: turn.conversation.id,
    message: {
      id: message.id,
      role: 'assistant',
      content: message.content,
      sources: message.sources,
      createdAt: message.createdAt,
    },
  };
}

export async function getChatHistory(
  db: Database,
  user: CurrentUser,
  query: { conversationId?: string | undefined; page: number; pageSize: number },
): Promise<ChatHistoryResponse> {
  if (query.conversationId) await requireConversation(db, user, query.conversationId);
  const { items, total } = await listMessages(db, ownerOf(user), query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function getConversations(db: Database, user: CurrentUser): Promise<Conversation[]> {
  return listConversations(db, ownerOf(user));
}

export async function renameConversation(
  db: Database,
  user: CurrentUser,
  id: string,
  title: string,
): Promise<Conversation> {
  const conversation = await updateConversationTitle(db, ownerOf(user), id, title);
  if (!conversation) throw AppError.notFound(assistantErrorMessages.conversationNotFound);
  return conversation;
}

export async function removeConversation(db: Database, user: CurrentUser, id: string) {
  if (!(await deleteConversation(db, ownerOf(user), id)))
    throw AppError.notFound(assistantErrorMessages.conversationNotFound);
}
