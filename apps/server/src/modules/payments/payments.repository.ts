/** The only SQL of the payments module: the subscription mirror, handled webhook events, intent codes. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { paymentEvents, subscriptions, users } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function findSubscriptionByUser(db: Database, userId: string, lock = false): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findSubscriptionByProviderId(db: Database, subscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, subscriptionId));
  return row;
}

/** The subscription a card pays (its default payment method); a card belongs to one customer. */
export async function findSubscriptionByCard(db: Database, paymentMethodId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(sql`${subscriptions.paymentMethod}->>'id' = ${paymentMethodId}`)
    .limit(1);
  return row;
}

/** Inserts or replaces the account's mirror row. */
export async function saveSubscription(db: Database, values: SubscriptionValues): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** The live account holding a pending intent code. */
export async function findUserByIntentCode(db: Database, intentCode: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.intentCode, intentCode), isNull(users.deletedAt)));
  return row;
}

/** Records a webhook event; false when it was handled before (a repeated delivery). */
export async function recordPaymentEvent(db: Database, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function isPaymentEventRecorded(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  return row !== undefined;
}
