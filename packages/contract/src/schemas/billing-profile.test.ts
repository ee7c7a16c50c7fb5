/** The billing profile's bodies: 振込先 patterns and payment terms refused by the 60-day rule. */
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../messages';
import { ZBankAccountBody, ZPaymentTermsBody } from './billing-profile';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const bank = {
  bankName: 'みずほ銀行',
  branchName: '東京営業部',
  accountType: 'ORDINARY',
  accountNumber: '1234567',
  accountHolder: 'カ）ヤマダウンユ',
};

describe('ZBankAccountBody', () => {
  it('takes a 振込先 as a bank prints it', () => {
    expect(ZBankAccountBody.parse({ ...bank, accountHolder: ' ヤマダ　タロウ ' })).toEqual({
      ...bank,
      accountHolder: 'ヤマダ　タロウ',
    });
  });

  it('answers each wrong field in Japanese', () => {
    expect(
      issues(
        ZBankAccountBody.safeParse({
          bankName: '',
          branchName: 'x',
          accountType: 'SAVINGS',
          accountNumber: '12345678',
          accountHolder: '山田運輸',
        }),
      ),
    ).toEqual({
      bankName: FIELD_MESSAGES.required,
      accountType: FIELD_MESSAGES.invalidOption,
      accountNumber: FIELD_MESSAGES.bankAccountNumber,
      accountHolder: FIELD_MESSAGES.accountHolderKana,
    });
  });
});

describe('ZPaymentTermsBody', () => {
  it('takes the default and the terms the 60-day rule allows', () => {
    expect(ZPaymentTermsBody.parse({ closingDay: 'END', payMonth: 1, payDay: 'END' })).toEqual({
      closingDay: 'END',
      payMonth: 1,
      payDay: 'END',
    });
    expect(ZPaymentTermsBody.safeParse({ closingDay: 20, payMonth: 1, payDay: 20 }).success).toBe(true);
    expect(ZPaymentTermsBody.safeParse({ closingDay: 15, payMonth: 0, payDay: 'END' }).success).toBe(true);
  });

  it('refuses terms that can pay later than 60 days, or not after the closing, on 支払日', () => {
    expect(issues(ZPaymentTermsBody.safeParse({ closingDay: 'END', payMonth: 2, payDay: 10 }))).toEqual({
      payDay: FIELD_MESSAGES.paymentDayTooLate,
    });
    expect(issues(ZPaymentTermsBody.safeParse({ closingDay: 20, payMonth: 1, payDay: 'END' }))).toEqual({
      payDay: FIELD_MESSAGES.paymentDayTooLate,
    });
    expect(issues(ZPaymentTermsBody.safeParse({ closingDay: 20, payMonth: 0, payDay: 10 }))).toEqual({
      payDay: FIELD_MESSAGES.paymentDayNotAfterClosing,
    });
    expect(issues(ZPaymentTermsBody.safeParse({ closingDay: 31, payMonth: 1, payDay: 'END' }))).toEqual({
      closingDay: FIELD_MESSAGES.invalidOption,
    });
  });
});
