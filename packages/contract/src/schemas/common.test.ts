import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../messages';
import { ZChangePasswordBody, ZCustomerRegisterBody, ZLoginBody, ZProfileBody } from './auth';
import { z } from 'zod';
import {
  ZPaginationQuery,
  hasUnusableCharacter,
  paginationMeta,
  unusableCharacterIssues,
  withoutUnusableCharacters,
} from './common';

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
    // A 株式会社's number is its 法人番号: a wrong check digit is refused, a right one kept.
    expect(
      issues(ZCustomerRegisterBody.safeParse({ ...base, invoiceRegistrationNumber: 'T1234567890123' })).invoiceRegistrationNumber,
    ).toBe(FIELD_MESSAGES.invoiceNumberCheckDigit);
    expect(ZCustomerRegisterBody.parse({ ...base, invoiceRegistrationNumber: 'T9234567890123' }).invoiceRegistrationNumber).toBe(
      'T9234567890123',
    );
    // A name showing no 法人 may be an individual's: the format alone decides.
    expect(
      ZCustomerRegisterBody.parse({ ...base, companyName: '山田商店', invoiceRegistrationNumber: 'T1234567890123' })
        .invoiceRegistrationNumber,
    ).toBe('T1234567890123');
  });

  it('checks the number of a profile against the name sent with it', () => {
    expect(issues(ZProfileBody.safeParse({ companyName: '（株）テスト', invoiceRegistrationNumber: 'T9876543210987' }))).toEqual({
      invoiceRegistrationNumber: FIELD_MESSAGES.invoiceNumberCheckDigit,
    });
    expect(ZProfileBody.safeParse({ companyName: '（株）テスト', invoiceRegistrationNumber: 'T2876543210987' }).success).toBe(
      true,
    );
    expect(ZProfileBody.safeParse({ companyName: '（株）テスト', invoiceRegistrationNumber: '' }).success).toBe(true);
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

describe('control characters and lone surrogates', () => {
  const guarded = withoutUnusableCharacters(z.object({ note: z.string(), list: z.array(z.object({ name: z.string() })) }));

  it('refuses C0 (but tab and line breaks), DEL and C1 in any string or key, with the path and a Japanese message', () => {
    for (const bad of ['\u0000', '\u0008', '\u000b', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(issues(guarded.safeParse({ note: `a${bad}b`, list: [] }))).toEqual({ note: FIELD_MESSAGES.controlCharacter });
      expect(hasUnusableCharacter({ list: [{ name: `a${bad}b` }] })).toBe(true);
    }
    expect(issues(guarded.safeParse({ note: 'ok', list: [{ name: 'x' }, { name: '\u0000' }] }))).toEqual({
      'list.1.name': FIELD_MESSAGES.controlCharacter,
    });
    expect(unusableCharacterIssues({ ['k\u0001']: 1 })).toEqual([
      { path: ['k\u0001'], message: FIELD_MESSAGES.controlCharacter },
    ]);
    expect(hasUnusableCharacter({ ['k\u0001']: 1 })).toBe(true);
  });

  it('keeps line breaks, tabs and every printable character', () => {
    const note = '一行目\r\n\t二行目 — ｶﾅ 🚚 \u00a0';
    expect(guarded.parse({ note, list: [] }).note).toBe(note);
    expect(hasUnusableCharacter({ note, list: [{ name: note }], n: 1, empty: null })).toBe(false);
  });

  it('refuses a lone surrogate (half a UTF-16 pair) in any string or key, with its own Japanese message', () => {
    for (const bad of ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude9a']) {
      for (const value of [bad, `a${bad}`, `${bad}b`, `${bad}${bad}`]) {
        expect(issues(guarded.safeParse({ note: value, list: [] })), JSON.stringify(value)).toEqual({
          note: FIELD_MESSAGES.loneSurrogate,
        });
        expect(hasUnusableCharacter({ list: [{ name: value }] })).toBe(true);
      }
    }
    // The halves in the wrong order are two lone ones.
    expect(hasUnusableCharacter('\ude9a\ud83d')).toBe(true);
    expect(issues(guarded.safeParse({ note: 'ok', list: [{ name: '\udc00' }] }))).toEqual({
      'list.0.name': FIELD_MESSAGES.loneSurrogate,
    });
    expect(unusableCharacterIssues({ ['k\ud800']: 1 })).toEqual([{ path: ['k\ud800'], message: FIELD_MESSAGES.loneSurrogate }]);
    expect(FIELD_MESSAGES.loneSurrogate).toMatch(/[ぁ-ん]/);
  });

  it('keeps whole surrogate pairs (emoji, rare kanji)', () => {
    for (const fine of ['🚚', '𠮷野家', 'a🚚b🚚', '\ud83d\ude9a']) {
      expect(guarded.parse({ note: fine, list: [] }).note).toBe(fine);
      expect(hasUnusableCharacter({ note: fine })).toBe(false);
    }
  });

  it('walks deep nesting without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unusableCharacterIssues(deep)).toHaveLength(1);
    expect(hasUnusableCharacter(deep)).toBe(true);
  });
});
