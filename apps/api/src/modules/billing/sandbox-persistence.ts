import type { PaymentsPersistence } from '@crescendo/payments-sandbox';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentsSandboxRecords } from '../../db/schema';

/** The payments sandbox's objects in the product's database: they outlive a restart. */
export function createPaymentsSandboxPersistence(db: Database): PaymentsPersistence {
  return {
    async loadAll() {
      const rows = await db
        .select({ key: paymentsSandboxRecords.key, value: paymentsSandboxRecords.value })
        .from(paymentsSandboxRecords);
      return rows.map((row) => [row.key, row.value] as [string, unknown]);
    },
    async save(entries) {
      await db
        .insert(paymentsSandboxRecords)
        .values(entries.map(([key, value]) => ({ key, value, updatedAt: new Date() })))
        .onConflictDoUpdate({
          target: paymentsSandboxRecords.key,
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
        });
    },
  };
}
