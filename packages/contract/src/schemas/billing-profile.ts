/**
 * A company's billing profile (issue 46): the carrier's bank details (振込先) its invoices print,
 * and the shipper's payment terms (締め日・支払日) its monthly statements follow. Decision 097.
 */
import { z } from 'zod';
import { BankAccountType } from '../enums/index';
import { FIELD_MESSAGES } from '../messages';
import * as P from '../patterns';
import { paymentTermsInput, TERM_DAYS, PAY_MONTHS } from '../invoices/payment-terms';
import { iso, option, text, uuid } from './common';

/** Lengths of the bank fields: a bank's and a branch's name, and the 口座名義 (30 in 全銀's format, here full-width). */
export const BANK_ACCOUNT_LIMITS = { bankName: 30, branchName: 30, accountHolder: 60 } as const;

/** 振込先 as the carrier enters it. */
export const ZBankAccountBody = z.lazy(() =>
  z.object({
    bankName: text(BANK_ACCOUNT_LIMITS.bankName),
    branchName: text(BANK_ACCOUNT_LIMITS.branchName),
    accountType: option(BankAccountType.values),
    // Longer than 7 still reads as the pattern's message, not a length's.
    accountNumber: text(20).regex(P.BANK_ACCOUNT_NUMBER, FIELD_MESSAGES.bankAccountNumber),
    accountHolder: text(BANK_ACCOUNT_LIMITS.accountHolder).regex(P.ACCOUNT_HOLDER_KANA, FIELD_MESSAGES.accountHolderKana),
  }),
);
export type TBankAccountBody = z.infer<typeof ZBankAccountBody>;

export const ZBankAccount = z.lazy(() =>
  z.object({
    bankName: z.string(),
    branchName: z.string(),
    accountType: BankAccountType.schema,
    accountNumber: z.string(),
    accountHolder: z.string(),
    updatedAt: iso(),
  }),
);
export type TBankAccount = z.infer<typeof ZBankAccount>;

/** A company's 振込先, or null when none is entered yet. */
export const ZBankAccountView = z.lazy(() => z.object({ bankAccount: ZBankAccount.nullable() }));
export type TBankAccountView = z.infer<typeof ZBankAccountView>;

/** The terms as a body (the contract's rule refuses those that can break the 60 days, decision 090). */
export const ZPaymentTermsBody = z.lazy(() => paymentTermsInput());
export type TPaymentTermsBody = z.infer<typeof ZPaymentTermsBody>;

export const ZPaymentTermsView = z.lazy(() =>
  z.object({
    terms: z.object({
      closingDay: z.literal(TERM_DAYS),
      payMonth: z.literal(PAY_MONTHS),
      payDay: z.literal(TERM_DAYS),
    }),
    /** 月末締め翌月末払い … */
    label: z.string(),
    /** No terms saved: the default (月末締め翌月末払い) applies. */
    isDefault: z.boolean(),
  }),
);
export type TPaymentTermsView = z.infer<typeof ZPaymentTermsView>;

export const ZCompanyIdParams = z.lazy(() => z.object({ companyId: uuid() }));
