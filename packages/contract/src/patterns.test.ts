import { describe, expect, it } from 'vitest';
import * as P from './patterns';

const table: Record<string, { re: RegExp; accepted: string[]; refused: string[] }> = {
  PASSWORD: {
    re: P.PASSWORD,
    accepted: ['Passw0rd!', 'aB3$efgh', 'Zz9<>?aaaa', 'Abcdef1_', 'Abcdef1-', 'Abcdef1+', 'Abcdef1=', 'A1a!A1a!A1a!A1a!A1a!'],
    refused: [
      '',
      'Pa0!',
      'password1!',
      'PASSWORD1!',
      'Password!!',
      'Password11',
      'Pass word1!',
      'Passw0rd~',
      'Passw0rd.',
      'パスワードAa1!',
    ],
  },
  BANK_ACCOUNT_NUMBER: {
    re: P.BANK_ACCOUNT_NUMBER,
    accepted: ['1234567', '0000001'],
    refused: ['', '123456', '12345678', '１２３４５６７', '123-4567', '123456a'],
  },
  ACCOUNT_HOLDER_KANA: {
    re: P.ACCOUNT_HOLDER_KANA,
    accepted: ['ヤマダウンユ', 'カ）ヤマダウンユ', 'ヤマダ　タロウ', 'ヤマダウンユ（カ', 'カ）ヤマダ．ウンユ', 'ヤマダ／タロウ'],
    refused: ['', 'ｶ)ﾔﾏﾀﾞ', 'やまだ', '山田運輸', 'ヤマダ1', 'YAMADA'],
  },
  KATAKANA: {
    re: P.KATAKANA,
    accepted: ['カタカナ', 'ヤマダ タロウ', 'ヤマダ　タロウ', 'コーヒー', 'ヴァイオリン', 'ジョン・スミス'],
    refused: ['', 'ｶﾀｶﾅ', 'かたかな', 'カタカナA', '山田', 'カタカナ1'],
  },
  INVOICE_NUMBER: {
    re: P.INVOICE_NUMBER,
    accepted: ['T9234567890123', 'T0000000000000'],
    refused: ['', '1234567890123', 'T123456789012', 'T12345678901234', 't1234567890123', 'T123456789012a', 'ＴT1234567890123'],
  },
  PHONE: {
    re: P.PHONE,
    accepted: ['0312345678', '09012345678', '012345678901'],
    refused: ['', '312345678', '031234567', '0123456789012', '03-1234-5678', '０３１２３４５６７８', '+81312345678'],
  },
  POSTAL_CODE: {
    re: P.POSTAL_CODE,
    accepted: ['100-0001', '060-0000', '999-9999'],
    refused: ['', '1000001', '100-001', '1000-001', '100－0001', 'abc-defg', '１００-０００１', ' 100-0001'],
  },
  TIME: {
    re: P.TIME,
    accepted: ['00:00', '09:30', '12:00', '23:59'],
    refused: ['', '24:00', '9:30', '09:60', '0930', '09:30:00', '２３:００'],
  },
  TIME_RANGE: {
    re: P.TIME_RANGE,
    accepted: ['00:00-22:00', '09:00-18:30', '23:00-01:00'],
    refused: ['', '09:00', '09:00-', '09:00~18:00', '9:00-18:00', '09:00-24:00', '09:00 - 18:00'],
  },
  LICENSE_NUMBER: {
    re: P.LICENSE_NUMBER,
    accepted: ['関自貨第123号', '近運輸第４５６号', 'ABC-123'],
    refused: ['', '<script>', 'a'.repeat(51), '123;DROP'],
  },
  DATE_RANGE: {
    re: P.DATE_RANGE,
    accepted: ['2026-01-01~2026-01-31'],
    refused: ['', '2026-01-01', '2026/01/01~2026/01/31', '2026-01-01-2026-01-31'],
  },
};

describe.each(Object.entries(table))('%s', (_name, { re, accepted, refused }) => {
  it.each(accepted)('accepts %j', (value) => expect(re.test(value)).toBe(true));
  it.each(refused)('refuses %j', (value) => expect(re.test(value)).toBe(false));
});
