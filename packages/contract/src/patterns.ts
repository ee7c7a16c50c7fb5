/**
 * The shared input patterns of spec §5. Each is a plain RegExp so that the
 * server, the web forms and the tests use exactly the same rule.
 */

/** Symbols a password may (and must, at least one of) contain. */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_-+=<>?';

/**
 * At least 8 characters with a lowercase letter, an uppercase letter, a digit and
 * one symbol of PASSWORD_SYMBOLS; nothing outside those classes (no spaces).
 */
export const PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*()_\-+=<>?])[A-Za-z\d!@#$%^&*()_\-+=<>?]{8,}$/;

/** Full-width katakana, with the prolonged sound mark, middle dot and spaces. */
export const KATAKANA = /^[ァ-ヶー・\u3000 ]+$/;

/** Qualified invoice issuer number: T followed by 13 digits. */
export const INVOICE_NUMBER = /^T\d{13}$/;

/** A bank account number (口座番号): 7 digits, as Japanese banks number ordinary and current accounts. */
export const BANK_ACCOUNT_NUMBER = /^\d{7}$/;

/**
 * An account holder (口座名義) as the bank prints it: full-width katakana, with the prolonged sound
 * mark, spaces, and the brackets, full stop and slash of the banks' abbreviations (カ）ヤマダウンユ).
 */
export const ACCOUNT_HOLDER_KANA = /^[ァ-ヶー\u3000 （）()．.／/・]+$/;

/** Japanese phone number without hyphens: 0 then 9 to 11 digits. */
export const PHONE = /^0\d{9,11}$/;

/** Postal code NNN-NNNN. */
export const POSTAL_CODE = /^\d{3}-\d{4}$/;

/** Time of day HH:MM, 00:00 to 23:59. */
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Time range HH:MM-HH:MM. */
export const TIME_RANGE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Freight licence ("vehicle/permit") number. The spec does not show the exact form;
 * we accept the form printed on 一般貨物 / 貨物軽 permits: kanji, digits and the
 * symbols 第 号 - ( ) up to 50 characters, e.g. 関自貨第123号.
 */
export const LICENSE_NUMBER = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}A-Za-z0-9０-９\-－()（）第号 ]{1,50}$/u;

/** Date range yyyy-MM-dd~yyyy-MM-dd (the spec leaves the form open; this is ours). */
export const DATE_RANGE = /^\d{4}-\d{2}-\d{2}~\d{4}-\d{2}-\d{2}$/;

/**
 * Control characters no input string may hold: C0 but tab, line feed and carriage return
 * (multi-line text keeps them), DEL and C1. PostgreSQL refuses NUL in text, and the others
 * only garble what another person reads (docs/decisions/041-input-strings.md).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Half of a UTF-16 surrogate pair without its other half: no character at all. JSON carries one as
 * an escape (`"\ud800"`), but it cannot be written as UTF-8, so the database and every reader
 * fail on it (docs/decisions/041-input-strings.md, issue 43).
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Either of the two in one scan: the question every request asks of each string first. */
export const UNUSABLE_CHARACTER = new RegExp(`${CONTROL_CHARACTER.source}|${LONE_SURROGATE.source}`);
