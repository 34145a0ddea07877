import type { ChatMessage, ChatSource, Conversation } from '@crescendo/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatConversations, chatMessages } from '../../db/schema';

/** Whose conversations: every query below is scoped by both ids. */
export type ChatOwner = { organizationId: string; userId: string };

type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    sources: row.sources as ChatSource[],
    createdAt: row.createdAt.toISOString(),
  };
}

const ownedConversation = (owner: ChatOwner, id: string) =>
  and(
    eq(chatConversations.id, id),
    eq(chatConversations.organizationId, owner.organizationId),
    eq(chatConversations.userId, owner.userId),
  );

const ownedMessages = (owner: ChatOwner) =>
  and(eq(chatMessages.organizationId, owner.organizationId), eq(chatMessages.userId, owner.userId));

export async function insertConversation(
  db: Database,
  owner: ChatOwner,
  title: string,
): Promise<Conversation> {
  const [row] = await db
    .insert(chatConversations)
    .values({ organizationId: owner.organizationId, userId: owner.userId, title })
    .returning();
  return toConversation(row!);
}

export async function findConversation(
  db: Database,
  owner: ChatOwner,
  id: string,
): Promise<Conversation | null> {
  const rows = await db.select().from(chatConversations).where(ownedConversation(owner, id));
  return rows[0] ? toConversation(rows[0]) : null;
}

export async function listConversations(db: Database, owner: ChatOwner): Promise<Conversation[]> {
  const rows = await db
    .select()
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.organizationId, owner.organizationId),
        eq(chatConversations.userId, owner.userId),
      ),
    )
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(200);
  return rows.map(toConversation);
}

export async function updateConversationTitle(
  db: Database,
  owner: ChatOwner,
  id: string,
  title: string,
): Promise<Conversation | null> {
  const rows = await db
    .update(chatConversations)
    .set({ title, updatedAt: new Date() })
    .where(ownedConversation(owner, id))
    .returning();
  return rows[0] ? toConversation(rows[0]) : null;
}

export async function touchConversation(db: Database, owner: ChatOwner, id: string) {
  await db
    .update(chatConversations)
    .set({ updatedAt: new Date() })
    .where(ownedConversation(owner, id));
}

export async function deleteConversation(
  db: Database,
  owner: ChatOwner,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(chatConversations)
    .where(ownedConversation(owner, id))
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}

export async function insertMessage(
  db: Database,
  owner: ChatOwner,
  message: {
    conversationId: string;
    role: 'user' | 'assistant';
    content: string;
    sources?: ChatSource[];
  },
): Promise<ChatMessage> {
  const [row] = await db
    .insert(chatMessages)
    .values({
      organizationId: owner.organizationId,
      userId: owner.userId,
      conversationId: message.conversationId,
      role: message.role,
      content: message.content,
      sources: message.sources ?? [],
    })
    .returning();
  return toMessage(row!);
}

/** The caller's messages, oldest first, optionally of one conversation. */
export async function listMessages(
  db: Database,
  owner: ChatOwner,
  options: { conversationId?: string | undefined; page: number; pageSize: number },
): Promise<{ items: ChatMessage[]; total: number }> {
  const where = options.conversationId
    ? and(ownedMessages(owner), eq(chatMessages.conversationId, options.conversationId))
    : ownedMessages(owner);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(chatMessages)
      .where(where)
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(chatMessages).where(where),
  ]);
  return { items: rows.map(toMessage), total: totals[0]?.total ?? 0 };
}

/** The conversation's latest messages, newest last (the model's context). */
export async function listRecentMessages(
  db: Database,
  owner: ChatOwner,
  conversationId: string,
  limit: number,
): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(ownedMessages(owner), eq(chatMessages.conversationId, conversationId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(toMessage);
}
