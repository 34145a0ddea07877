import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authSession } from '../../db/schema';

export async function deleteEmbeddedSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(authSession).where(eq(authSession.id, sessionId));
}
