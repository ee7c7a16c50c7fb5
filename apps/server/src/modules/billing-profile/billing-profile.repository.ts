/** The billing profile's SQL: a company's 振込先 and a shipper company's payment terms (one row each). */
import { eq } from 'drizzle-orm';
import { companyBankAccounts, shipperPaymentTerms } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type BankAccountRow = typeof companyBankAccounts.$inferSelect;
export type BankAccountValues = Omit<typeof companyBankAccounts.$inferInsert, 'companyId' | 'createdAt' | 'updatedAt'>;
export type PaymentTermsRow = typeof shipperPaymentTerms.$inferSelect;
export type PaymentTermsValues = Omit<typeof shipperPaymentTerms.$inferInsert, 'companyId' | 'createdAt' | 'updatedAt'>;

export async function findBankAccount(db: Database, companyId: string): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(companyBankAccounts).where(eq(companyBankAccounts.companyId, companyId));
  return row;
}

export async function saveBankAccount(db: Database, companyId: string, values: BankAccountValues): Promise<BankAccountRow> {
  const [row] = await db
    .insert(companyBankAccounts)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: companyBankAccounts.companyId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function findPaymentTerms(db: Database, companyId: string): Promise<PaymentTermsRow | undefined> {
  const [row] = await db.select().from(shipperPaymentTerms).where(eq(shipperPaymentTerms.companyId, companyId));
  return row;
}

export async function savePaymentTerms(db: Database, companyId: string, values: PaymentTermsValues): Promise<PaymentTermsRow> {
  const [row] = await db
    .insert(shipperPaymentTerms)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: shipperPaymentTerms.companyId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
