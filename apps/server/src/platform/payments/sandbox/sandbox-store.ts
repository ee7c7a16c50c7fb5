/** The sandbox's objects, kept as JSON by id in its own table (as Stripe keeps them on its side). */
import { eq, sql } from 'drizzle-orm';
import { paymentSandboxObjects } from '../../../db/schema';
import type { Database } from '../../db/database';

export interface SandboxStore {
  get<T>(id: string): Promise<T | undefined>;
  put(id: string, type: string, data: object): Promise<void>;
  list<T>(type: string): Promise<T[]>;
}

export function createSandboxStore(db: Database): SandboxStore {
  return {
    async get<T>(id: string) {
      const [row] = await db
        .select({ data: paymentSandboxObjects.data })
        .from(paymentSandboxObjects)
        .where(eq(paymentSandboxObjects.id, id));
      return row?.data as T | undefined;
    },
    async put(id, type, data) {
      await db
        .insert(paymentSandboxObjects)
        .values({ id, type, data: data as Record<string, unknown> })
        .onConflictDoUpdate({ target: paymentSandboxObjects.id, set: { data: sql`excluded.data`, updatedAt: new Date() } });
    },
    async list<T>(type: string) {
      const rows = await db
        .select({ data: paymentSandboxObjects.data })
        .from(paymentSandboxObjects)
        .where(eq(paymentSandboxObjects.type, type));
      return rows.map((r) => r.data as T);
    },
  };
}
