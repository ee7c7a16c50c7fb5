/**
 * 登録番号 of a qualified invoice issuer (適格請求書発行事業者), checked as far as a published rule
 * allows (decision 090). The number is "T" + 13 digits: for a holder of a 法人番号, that number;
 * for anyone else (個人事業者, 人格のない社団等) 13 digits that are neither a 法人番号 nor a
 * マイナンバー (国税庁, 適格請求書発行事業者公表サイト「登録番号とは」). A 法人番号's first digit is a
 * 検査用数字 computed from the other twelve (法人番号の指定等に関する省令 第2条); no such rule is
 * published for the others, so the check digit proves something only when the holder is a 法人.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { INVOICE_NUMBER } from '../patterns';

/** Who holds the number, as far as the product knows (`registrationHolderOf` reads the company name). */
export type RegistrationHolder = 'CORPORATION' | 'OTHER' | 'UNKNOWN';

/**
 * The words of a trade name that only a 法人 may carry: a 会社's kind (会社法 第6条 requires it
 * in the name, 第7条 forbids 会社 in anyone else's), its usual abbreviations, and 法人 itself
 * (一般社団法人, 医療法人, NPO法人 …). Matched after NFKC, so ㈱ and （株） read as (株).
 */
const CORPORATE_NAME_WORDS = ['株式会社', '有限会社', '合同会社', '合名会社', '合資会社', '法人', '(株)', '(有)', '(同)'];

/**
 * The holder as the company's name shows it: CORPORATION when the name carries a 法人's word,
 * UNKNOWN otherwise (a 個人事業者's 屋号 or a name without its kind: the number may be a 法人番号
 * or not). The product records nothing else about the holder (decision 090).
 */
export function registrationHolderOf(companyName: string | null | undefined): RegistrationHolder {
  const name = (companyName ?? '').normalize('NFKC').replace(/\s+/g, '');
  return CORPORATE_NAME_WORDS.some((word) => name.includes(word)) ? 'CORPORATION' : 'UNKNOWN';
}

/**
 * VALID / INVALID: the 13 digits do / do not pass the 法人番号 check. NOT_APPLICABLE: the holder
 * is not a 法人, so there is nothing to check. NOT_CHECKED: the format already failed.
 */
export type CheckDigitResult = 'VALID' | 'INVALID' | 'NOT_APPLICABLE' | 'NOT_CHECKED';

export interface RegistrationNumberCheck {
  /** Whether the number may be saved. */
  accepted: boolean;
  /** "T" followed by exactly 13 digits: always verified. */
  format: boolean;
  checkDigit: CheckDigitResult;
  /** Why it is refused (accepted false), or what the person should look at (accepted true). */
  message: string | null;
}

/**
 * The 検査用数字 of a 12-digit 基礎番号 (省令 第2条): 9 − (Σ Pn × Qn を9で除した余り), Pn the n-th digit
 * counted from the lowest, Qn 1 for odd n and 2 for even n. Always 1 to 9.
 */
export function corporateCheckDigit(base: string): number {
  if (!/^\d{12}$/.test(base)) throw new Error(`not a 12-digit base number: ${base}`);
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(base[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
}

/** Whether 13 digits are a 法人番号 by its check digit (the first digit). */
export const isCorporateNumber = (digits: string) =>
  /^\d{13}$/.test(digits) && Number(digits[0]) === corporateCheckDigit(digits.slice(1));

/**
 * What can be verified of `value` (already trimmed). A failed check digit refuses the number only
 * when the holder is known to be a 法人; otherwise the number may be an individual's, so it is
 * accepted and the result says the check failed, for a form to point it out.
 */
export function checkRegistrationNumber(value: string, holder: RegistrationHolder = 'UNKNOWN'): RegistrationNumberCheck {
  if (!INVOICE_NUMBER.test(value)) {
    return { accepted: false, format: false, checkDigit: 'NOT_CHECKED', message: FIELD_MESSAGES.invoiceNumber };
  }
  if (holder === 'OTHER') return { accepted: true, format: true, checkDigit: 'NOT_APPLICABLE', message: null };
  if (isCorporateNumber(value.slice(1))) return { accepted: true, format: true, checkDigit: 'VALID', message: null };
  return holder === 'CORPORATION'
    ? { accepted: false, format: true, checkDigit: 'INVALID', message: FIELD_MESSAGES.invoiceNumberCheckDigit }
    : { accepted: true, format: true, checkDigit: 'INVALID', message: FIELD_MESSAGES.invoiceNumberNotCorporate };
}

/**
 * The check of a company's number against its name, for a body that holds both (registration,
 * profile): adds the refusal's message on `path` when the check refuses the number. The format
 * is the field's own check; this adds only the check digit of a 法人's number.
 */
export function refineRegistrationNumber(
  value: string | null | undefined,
  companyName: string | null | undefined,
  ctx: z.RefinementCtx,
  path: string,
): void {
  if (!value || !INVOICE_NUMBER.test(value)) return;
  const check = checkRegistrationNumber(value, registrationHolderOf(companyName));
  if (!check.accepted) ctx.addIssue({ code: 'custom', path: [path], message: check.message ?? FIELD_MESSAGES.invoiceNumber });
}

/**
 * The field for a form or a request body when the holder is known apart from the body: trimmed,
 * then refused with the check's message when the check refuses it. The registration and profile
 * bodies hold the company name, so they check the format by `invoiceNumber()` and the check digit
 * by `refineRegistrationNumber` (decision 097).
 */
export const registrationNumber = (holder: RegistrationHolder = 'UNKNOWN') =>
  z
    .string({ error: (iss) => (iss.input == null ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidType) })
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .superRefine((value, ctx) => {
      if (value === '') return;
      const check = checkRegistrationNumber(value, holder);
      if (!check.accepted) ctx.addIssue({ code: 'custom', message: check.message ?? FIELD_MESSAGES.invoiceNumber });
    });
