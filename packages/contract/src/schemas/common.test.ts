import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../messages';
import { ZChangePasswordBody, ZCustomerRegisterBody, ZLoginBody } from './auth';
import { ZPaginationQuery, paginationMeta } from './common';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('field messages', () => {
  it('explains missing fields and wrong types in Japanese', () => {
    const r = ZLoginBody.safeParse({ email: 42, role: 'NOPE' });
    expect(issues(r)).toMatchObject({ email: FIELD_MESSAGES.invalidType, password: FIELD_MESSAGES.required });
    expect(issues(r).role).toBeDefined();
  });

  it('normalises e-mail to lowercase and trims text', () => {
    expect(ZLoginBody.parse({ email: ' Taro@Example.JP ', password: 'x', role: 'CUSTOMER' }).email).toBe('taro@example.jp');
  });

  it('refuses an invalid e-mail with the spec wording', () => {
    expect(issues(ZLoginBody.safeParse({ email: 'not-mail', password: 'x', role: 'CUSTOMER' })).email).toBe(FIELD_MESSAGES.email);
  });

  it('refuses overlong strings', () => {
    const r = ZChangePasswordBody.safeParse({
      currentPassword: 'x'.repeat(129),
      newPassword: 'Passw0rd!',
      confirmNewPassword: 'Passw0rd!',
    });
    expect(issues(r).currentPassword).toBe(FIELD_MESSAGES.tooLong(128));
  });

  it('reports a password confirmation mismatch on the confirmation field', () => {
    const r = ZChangePasswordBody.safeParse({ currentPassword: 'x', newPassword: 'Passw0rd!', confirmNewPassword: 'Passw0rd?' });
    expect(issues(r)).toEqual({ confirmNewPassword: FIELD_MESSAGES.passwordMismatch });
  });

  it('treats empty optional fields as absent but checks given ones', () => {
    const base = {
      phone: '0312345678',
      companyName: '株式会社テスト',
      companyNameKana: 'カブシキガイシャテスト',
      postalCode: '100-0001',
      prefecture: '東京都',
      city: '千代田区',
      town: '千代田',
      block: '1-1',
      email: 'a@example.jp',
      token: 't',
      password: 'Passw0rd!',
      confirmPassword: 'Passw0rd!',
    };
    expect(ZCustomerRegisterBody.parse({ ...base, building: '', website: '' }).building).toBeUndefined();
    expect(
      issues(ZCustomerRegisterBody.safeParse({ ...base, invoiceRegistrationNumber: 'T123' })).invoiceRegistrationNumber,
    ).toBe(FIELD_MESSAGES.invoiceNumber);
  });
});

describe('pagination', () => {
  it('defaults to page 1 and limit 10 and caps the limit at 100', () => {
    expect(ZPaginationQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(ZPaginationQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(ZPaginationQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  it('describes a page of a list', () => {
    expect(paginationMeta(2, 10, 25)).toEqual({
      isFirstPage: false,
      isLastPage: false,
      currentPage: 2,
      previousPage: 1,
      nextPage: 3,
      pageCount: 3,
      totalCount: 25,
    });
    expect(paginationMeta(1, 10, 0)).toMatchObject({ isFirstPage: true, isLastPage: true, pageCount: 1, nextPage: null });
  });
});
