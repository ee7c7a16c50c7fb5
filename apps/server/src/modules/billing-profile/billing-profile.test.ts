/**
 * The billing profile (issue 46, decision 097): a carrier company's 振込先 and a shipper company's
 * payment terms, each written by its owner and read by it and the admin; anyone else is answered
 * 404, and a shipper never reads a carrier's 振込先 here. `paymentTermsOf` is what the invoices read.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_TERMS, FIELD_MESSAGES, paymentSchedule } from '@logi/contract';
import { users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { type Party, UNKNOWN, expectError, party } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { paymentTermsOf } from './billing-profile.service';

let t: TestApp;
let people: Cast;
let otherManager: Party;
const company = { customer: '', otherCustomer: '', manager: '', otherManager: '' };

const bankPath = (companyId: string) => `/api/v1/companies/${companyId}/bank-account`;
const termsPath = (companyId: string) => `/api/v1/companies/${companyId}/payment-terms`;
const get = (who: Party, path: string) => t.call('GET', path, { token: who.token });
const put = (who: Party, path: string, body: unknown) => t.call('PUT', path, { token: who.token, body });

const BANK = {
  bankName: 'みずほ銀行',
  branchName: '東京営業部',
  accountType: 'ORDINARY',
  accountNumber: '0123456',
  accountHolder: 'カ）テストウンユ',
};

async function companyOf(who: Party): Promise<string> {
  const [row] = await t.app.deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, who.id));
  return row!.companyId!;
}

const fieldErrors = (res: { json(): unknown }) =>
  Object.fromEntries((res.json() as { details: { path: string; message: string }[] }).details.map((d) => [d.path, d.message]));

beforeAll(async () => {
  ({ t, people } = await appWithCast());
  otherManager = await party(t, ['DRIVER_MANAGER']);
  company.customer = await companyOf(people.customer);
  company.otherCustomer = await companyOf(people.otherCustomer);
  company.manager = await companyOf(people.manager);
  company.otherManager = await companyOf(otherManager);
});
afterAll(() => t.close());

describe('the 振込先 (GET/PUT /companies/:companyId/bank-account)', () => {
  it('is empty at first, saved by its manager, read back by it and by the admin', async () => {
    const empty = await get(people.manager, bankPath(company.manager));
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ bankAccount: null });

    const saved = await put(people.manager, bankPath(company.manager), { ...BANK, bankName: ' みずほ銀行 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...BANK, updatedAt: expect.any(String) });

    const changed = await put(people.manager, bankPath(company.manager), {
      ...BANK,
      accountType: 'CHECKING',
      accountNumber: '7654321',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const expected = { ...BANK, accountType: 'CHECKING', accountNumber: '7654321', updatedAt: expect.any(String) };
    expect((await get(people.manager, bankPath(company.manager))).json()).toEqual({ bankAccount: expected });
    const byAdmin = await get(people.admin, bankPath(company.manager));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toEqual({ bankAccount: expected });
  });

  it('answers each wrong field in Japanese and keeps what was saved', async () => {
    const before = (await get(otherManager, bankPath(company.otherManager))).json();
    const res = await put(otherManager, bankPath(company.otherManager), {
      bankName: '',
      branchName: '本店',
      accountType: 'SAVINGS',
      accountNumber: '123456',
      accountHolder: 'やまだ',
    });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({
      'body.bankName': FIELD_MESSAGES.required,
      'body.accountType': FIELD_MESSAGES.invalidOption,
      'body.accountNumber': FIELD_MESSAGES.bankAccountNumber,
      'body.accountHolder': FIELD_MESSAGES.accountHolderKana,
    });
    expect((await get(otherManager, bankPath(company.otherManager))).json()).toEqual(before);
  });

  it('answers 404 to another company’s manager, reading or writing, and changes nothing', async () => {
    await put(people.manager, bankPath(company.manager), BANK);
    expectError(await get(otherManager, bankPath(company.manager)), 404, 'COMPANY_NOT_FOUND');
    expectError(
      await put(otherManager, bankPath(company.manager), { ...BANK, accountNumber: '9999999' }),
      404,
      'COMPANY_NOT_FOUND',
    );
    expect((await get(people.manager, bankPath(company.manager))).json().bankAccount.accountNumber).toBe(BANK.accountNumber);
    expectError(await get(people.admin, bankPath(UNKNOWN)), 404, 'COMPANY_NOT_FOUND');
  });

  it('is never shown to a shipper or a driver, not even of its own company (the role is refused), nor written by the admin', async () => {
    expectError(await get(people.customer, bankPath(company.manager)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await get(people.driver, bankPath(company.manager)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await put(people.admin, bankPath(company.manager), BANK), 401, 'ROLE_NOT_ALLOWED');
  });
});

describe('the payment terms (GET/PUT /companies/:companyId/payment-terms)', () => {
  it('are 月末締め翌月末払い until the shipper saves its own, then those', async () => {
    const initial = await get(people.otherCustomer, termsPath(company.otherCustomer));
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json()).toEqual({ terms: DEFAULT_PAYMENT_TERMS, label: '月末締め翌月末払い', isDefault: true });

    const saved = await put(people.customer, termsPath(company.customer), { closingDay: 20, payMonth: 1, payDay: 20 });
    expect(saved.statusCode, saved.body).toBe(200);
    const twentieth = { terms: { closingDay: 20, payMonth: 1, payDay: 20 }, label: '20日締め翌月20日払い', isDefault: false };
    expect(saved.json()).toEqual(twentieth);
    expect((await get(people.customer, termsPath(company.customer))).json()).toEqual(twentieth);
    expect((await get(people.admin, termsPath(company.customer))).json()).toEqual(twentieth);
  });

  it('refuse terms that can pay later than 60 days, or not after the closing, with the reason on 支払日', async () => {
    const tooLate = await put(people.otherCustomer, termsPath(company.otherCustomer), {
      closingDay: 'END',
      payMonth: 2,
      payDay: 10,
    });
    expectError(tooLate, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(tooLate)).toEqual({ 'body.payDay': FIELD_MESSAGES.paymentDayTooLate });
    const early = await put(people.otherCustomer, termsPath(company.otherCustomer), { closingDay: 25, payMonth: 0, payDay: 10 });
    expect(fieldErrors(early)).toEqual({ 'body.payDay': FIELD_MESSAGES.paymentDayNotAfterClosing });
    const notADay = await put(people.otherCustomer, termsPath(company.otherCustomer), {
      closingDay: 31,
      payMonth: 1,
      payDay: 'END',
    });
    expect(fieldErrors(notADay)).toEqual({ 'body.closingDay': FIELD_MESSAGES.invalidOption });
    expect((await get(people.otherCustomer, termsPath(company.otherCustomer))).json().isDefault).toBe(true);
  });

  it('answer 404 to another shipper and refuse a carrier by its role', async () => {
    expectError(await get(people.otherCustomer, termsPath(company.customer)), 404, 'COMPANY_NOT_FOUND');
    expectError(
      await put(people.otherCustomer, termsPath(company.customer), { closingDay: 'END', payMonth: 1, payDay: 'END' }),
      404,
      'COMPANY_NOT_FOUND',
    );
    expectError(await get(people.manager, termsPath(company.customer)), 401, 'ROLE_NOT_ALLOWED');
    expectError(await get(people.admin, termsPath(UNKNOWN)), 404, 'COMPANY_NOT_FOUND');
  });
});

describe('paymentTermsOf (what the invoices read)', () => {
  it('gives a shipper’s saved terms, whose due date the contract brings within the 60 days', async () => {
    await put(people.customer, termsPath(company.customer), { closingDay: 20, payMonth: 1, payDay: 20 });
    const terms = await paymentTermsOf(t.app.deps.db, people.customer.id);
    expect(terms).toEqual({ closingDay: 20, payMonth: 1, payDay: 20 });
    // A job done on 21 July closes on 20 August; 翌月20日 is 20 September, the 61st day: moved to the 60th.
    expect(paymentSchedule(['2026-07-21'], terms)).toMatchObject({
      period: { from: '2026-07-21', to: '2026-08-20' },
      termsDueDate: '2026-09-20',
      dueDate: '2026-09-18',
      broughtForward: true,
    });
    // One done on 20 August is paid on the terms' own day.
    expect(paymentSchedule(['2026-08-20'], terms)).toMatchObject({ dueDate: '2026-09-20', broughtForward: false });
  });

  it('gives 月末締め翌月末払い to a shipper without terms, and to an id without a company', async () => {
    expect(await paymentTermsOf(t.app.deps.db, people.otherCustomer.id)).toEqual(DEFAULT_PAYMENT_TERMS);
    expect(await paymentTermsOf(t.app.deps.db, UNKNOWN)).toEqual(DEFAULT_PAYMENT_TERMS);
  });
});
