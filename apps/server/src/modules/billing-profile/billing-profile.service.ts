/**
 * A company's billing profile (issue 46, decision 097): the carrier's 振込先 and the shipper's
 * payment terms. Each is written by its company's owner (a driver manager's, a customer's own
 * account) and read by it and the admin; any other caller is answered as if the company did not
 * exist. The invoices read them through `paymentTermsOf` and `bankAccountOf` below: a shipper sees
 * a carrier's 振込先 only on the invoice addressed to it.
 */
import {
  DEFAULT_PAYMENT_TERMS,
  type PaymentTerms,
  type TBankAccount,
  type TBankAccountBody,
  type TBankAccountView,
  type TPaymentTermsBody,
  type TPaymentTermsView,
  type TermDay,
  paymentTermsLabel,
  paymentTermsRefusal,
} from '@logi/contract';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { findCompany, findUserById, findUserByIdIncludingDeleted } from '../accounts/accounts.service';
import * as repo from './billing-profile.repository';

const dayOf = (stored: string): TermDay => (stored === 'END' ? 'END' : (Number(stored) as TermDay));
const storedDay = (day: TermDay) =>
  day === 'END' ? 'END' : (String(day) as Exclude<repo.PaymentTermsValues['closingDay'], 'END'>);

function termsOfRow(row: repo.PaymentTermsRow): PaymentTerms {
  return { closingDay: dayOf(row.closingDay), payMonth: row.payMonth as PaymentTerms['payMonth'], payDay: dayOf(row.payDay) };
}

async function termsOfCompany(db: Database, companyId: string): Promise<PaymentTerms> {
  const row = await repo.findPaymentTerms(db, companyId);
  return row ? termsOfRow(row) : DEFAULT_PAYMENT_TERMS;
}

/**
 * The payment terms of a shipper, for its monthly statements: `shipperId` is the shipper's
 * account (a request item's `creatorId`); its company's saved terms, or 月末締め翌月末払い when it
 * saved none (or has no company). Every term it answers passes `paymentTermsRefusal`, so
 * `paymentSchedule` of the contract can take it as it is.
 */
export async function paymentTermsOf(db: Database, shipperId: string): Promise<PaymentTerms> {
  const shipper = await findUserByIdIncludingDeleted(db, shipperId);
  return shipper?.companyId ? termsOfCompany(db, shipper.companyId) : DEFAULT_PAYMENT_TERMS;
}

/** A carrier company's 振込先 for the invoices it issues, or null when it entered none. */
export async function bankAccountOf(db: Database, companyId: string): Promise<TBankAccount | null> {
  const row = await repo.findBankAccount(db, companyId);
  return row ? toBankAccount(row) : null;
}

function toBankAccount(row: repo.BankAccountRow): TBankAccount {
  return {
    bankName: row.bankName,
    branchName: row.branchName,
    accountType: row.accountType,
    accountNumber: row.accountNumber,
    accountHolder: row.accountHolder,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const termsView = (terms: PaymentTerms, isDefault: boolean): TPaymentTermsView => ({
  terms,
  label: paymentTermsLabel(terms),
  isDefault,
});

/** The caller's own company (its owner's account, not a driver's): 404 for any other. */
async function assertOwnCompany(db: Database, auth: AuthContext, companyId: string): Promise<void> {
  const user = await findUserById(db, auth.userId);
  if (!user || user.parentId || user.companyId !== companyId) throw new AppError('COMPANY_NOT_FOUND');
}

/** The owner, or the admin for a company that exists: 404 for anyone else. */
async function assertReader(db: Database, auth: AuthContext, companyId: string): Promise<void> {
  if (auth.role !== 'ADMIN') return assertOwnCompany(db, auth, companyId);
  if (!(await findCompany(db, companyId))) throw new AppError('COMPANY_NOT_FOUND');
}

export function createBillingProfileService({ db }: Pick<Deps, 'db'>) {
  return {
    async bankAccount(auth: AuthContext, companyId: string): Promise<TBankAccountView> {
      await assertReader(db, auth, companyId);
      return { bankAccount: await bankAccountOf(db, companyId) };
    },

    async saveBankAccount(auth: AuthContext, companyId: string, body: TBankAccountBody): Promise<TBankAccount> {
      return db.transaction(async (tx) => {
        await assertOwnCompany(tx, auth, companyId);
        return toBankAccount(await repo.saveBankAccount(tx, companyId, body));
      });
    },

    async paymentTerms(auth: AuthContext, companyId: string): Promise<TPaymentTermsView> {
      await assertReader(db, auth, companyId);
      const row = await repo.findPaymentTerms(db, companyId);
      return row ? termsView(termsOfRow(row), false) : termsView(DEFAULT_PAYMENT_TERMS, true);
    },

    async savePaymentTerms(auth: AuthContext, companyId: string, body: TPaymentTermsBody): Promise<TPaymentTermsView> {
      // The body's schema refused these already; the table must never hold terms that break the 60 days.
      if (paymentTermsRefusal(body)) throw new Error('payment terms refused after validation');
      return db.transaction(async (tx) => {
        await assertOwnCompany(tx, auth, companyId);
        const row = await repo.savePaymentTerms(tx, companyId, {
          closingDay: storedDay(body.closingDay),
          payMonth: body.payMonth,
          payDay: storedDay(body.payDay),
        });
        return termsView(termsOfRow(row), false);
      });
    },
  };
}

export type BillingProfileService = ReturnType<typeof createBillingProfileService>;
