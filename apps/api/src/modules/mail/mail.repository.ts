import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxMail } from '../../db/schema';

export type StoredMail = typeof sandboxMail.$inferSelect;

export async function insertMail(
  db: Database,
  mail: {
    fromAddress: string;
    toAddress: string;
    subject: string;
    text: string;
    html: string | null;
    headers: Record<string, string>;
  },
): Promise<string> {
  const [row] = await db.insert(sandboxMail).values(mail).returning({ id: sandboxMail.id });
  return row!.id;
}

/** Newest first. */
export async function listMail(db: Database, limit: number): Promise<StoredMail[]> {
  return db
    .select()
    .from(sandboxMail)
    .orderBy(desc(sandboxMail.createdAt), desc(sandboxMail.id))
    .limit(limit);
}

export async function findMail(db: Database, id: string): Promise<StoredMail | null> {
  const [row] = await db.select().from(sandboxMail).where(eq(sandboxMail.id, id)).limit(1);
  return row ?? null;
}
