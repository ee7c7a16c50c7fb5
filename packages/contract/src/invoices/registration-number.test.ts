/** 登録番号: the format always, the 法人番号 check digit where it proves something (decision 090). */
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../messages';
import {
  checkRegistrationNumber,
  corporateCheckDigit,
  isCorporateNumber,
  registrationHolderOf,
  registrationNumber,
} from './registration-number';

// The worked example published with the rule (7 for 123456789012), and two numbers their holders publish.
const CORPORATE = ['7123456789012', '7010705000725', '4011001098993'];

describe('corporateCheckDigit', () => {
  it('gives the first digit of published 法人番号 from the other twelve', () => {
    for (const number of CORPORATE) expect(corporateCheckDigit(number.slice(1))).toBe(Number(number[0]));
    expect(corporateCheckDigit('000000000000')).toBe(9);
  });

  it('catches every single wrong digit of the twelve but a 0 for a 9 or back (the rule cannot)', () => {
    for (const number of CORPORATE) {
      for (let i = 1; i < 13; i++) {
        for (const digit of '0123456789') {
          if (digit === number[i]) continue;
          const typo = number.slice(0, i) + digit + number.slice(i + 1);
          const swap09 = (digit === '0' && number[i] === '9') || (digit === '9' && number[i] === '0');
          expect(isCorporateNumber(typo)).toBe(swap09);
        }
      }
    }
  });

  it('refuses a base that is not twelve digits', () => {
    expect(() => corporateCheckDigit('12345678901')).toThrow();
  });
});

describe('checkRegistrationNumber', () => {
  it('refuses what is not T and 13 digits, with the format message, before any check digit', () => {
    for (const value of [
      '7123456789012',
      't7123456789012',
      'T712345678901',
      'T71234567890123',
      'T712345678901a',
      'Ｔ7123456789012',
      '',
    ]) {
      expect(checkRegistrationNumber(value)).toEqual({
        accepted: false,
        format: false,
        checkDigit: 'NOT_CHECKED',
        message: FIELD_MESSAGES.invoiceNumber,
      });
    }
  });

  it('accepts a corporate number that passes its check digit, whoever is said to hold it', () => {
    for (const holder of ['CORPORATION', 'UNKNOWN'] as const) {
      expect(checkRegistrationNumber('T7123456789012', holder)).toEqual({
        accepted: true,
        format: true,
        checkDigit: 'VALID',
        message: null,
      });
    }
  });

  it('refuses a failed check digit for a 法人, and only points it out when the holder may be an individual', () => {
    expect(checkRegistrationNumber('T8123456789012', 'CORPORATION')).toEqual({
      accepted: false,
      format: true,
      checkDigit: 'INVALID',
      message: FIELD_MESSAGES.invoiceNumberCheckDigit,
    });
    expect(checkRegistrationNumber('T8123456789012')).toEqual({
      accepted: true,
      format: true,
      checkDigit: 'INVALID',
      message: FIELD_MESSAGES.invoiceNumberNotCorporate,
    });
  });

  it('checks only the format of a number held by anyone but a 法人 (no published check digit)', () => {
    expect(checkRegistrationNumber('T8123456789012', 'OTHER')).toEqual({
      accepted: true,
      format: true,
      checkDigit: 'NOT_APPLICABLE',
      message: null,
    });
  });
});

describe('registrationNumber (the field)', () => {
  const messages = (holder: Parameters<typeof registrationNumber>[0], input: unknown) => {
    const result = registrationNumber(holder).safeParse(input);
    return result.success ? result.data : result.error.issues.map((i) => i.message);
  };

  it('trims, then answers with the check’s Japanese message', () => {
    expect(messages('CORPORATION', ' T7123456789012 ')).toBe('T7123456789012');
    expect(messages('CORPORATION', 'T8123456789012')).toEqual([FIELD_MESSAGES.invoiceNumberCheckDigit]);
    expect(messages('UNKNOWN', 'T8123456789012')).toBe('T8123456789012');
    expect(messages('UNKNOWN', 'T123')).toEqual([FIELD_MESSAGES.invoiceNumber]);
    expect(messages('UNKNOWN', '  ')).toEqual([FIELD_MESSAGES.required]);
    expect(messages('UNKNOWN', undefined)).toEqual([FIELD_MESSAGES.required]);
    expect(messages('UNKNOWN', 7123456789012)).toEqual([FIELD_MESSAGES.invalidType]);
  });
});

describe('registrationHolderOf', () => {
  it('reads a 法人 from the kind its name must carry, or its abbreviation', () => {
    for (const name of [
      '株式会社山田運輸',
      '山田運輸株式会社',
      '合同会社ヤマダ',
      '有限会社 山田',
      '一般社団法人物流協会',
      '㈱山田運輸',
      '（株）山田運輸',
      '(有)山田',
    ]) {
      expect(registrationHolderOf(name)).toBe('CORPORATION');
    }
  });

  it('knows nothing of a name without one (a 屋号 may be an individual)', () => {
    for (const name of ['山田商店', '山田 太郎', 'ヤマダ運送', '', null, undefined])
      expect(registrationHolderOf(name)).toBe('UNKNOWN');
  });

  it('makes the demo numbers fixed in issue 46 pass and the old ones fail for a 株式会社', () => {
    const corporation = registrationHolderOf('株式会社デモ');
    expect(checkRegistrationNumber('T9234567890123', corporation).accepted).toBe(true);
    expect(checkRegistrationNumber('T2876543210987', corporation).accepted).toBe(true);
    expect(checkRegistrationNumber('T1234567890123', corporation).accepted).toBe(false);
    expect(checkRegistrationNumber('T9876543210987', corporation).accepted).toBe(false);
  });
});
