/**
 * Building blocks shared by every API area: Japanese field errors, bounded strings,
 * pagination, the error body and the plain message body.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import * as P from '../patterns';

/** Missing → 必須項目です。, wrong type → 入力形式が正しくありません。 */
const requiredOrType = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidType;

/** Sane upper bounds for free text (the spec leaves lengths open; these are ours). */
export const MAX = { short: 100, name: 50, email: 254, url: 2048, note: 2000, token: 512 } as const;

/** A required, trimmed, non-empty string of at most `max` characters. */
export const text = (max: number = MAX.short) =>
  z.string({ error: requiredOrType }).trim().min(1, FIELD_MESSAGES.required).max(max, FIELD_MESSAGES.tooLong(max));

/** An optional string: empty string and null are read as "not given". */
export const optionalText = (max: number = MAX.short) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: requiredOrType }).trim().max(max, FIELD_MESSAGES.tooLong(max)).optional(),
  );

const patterned = (re: RegExp, message: string, max: number) =>
  z
    .string({ error: requiredOrType })
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .max(max, FIELD_MESSAGES.tooLong(max))
    .regex(re, message);

const optionalPatterned = (re: RegExp, message: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: requiredOrType }).trim().max(max, FIELD_MESSAGES.tooLong(max)).regex(re, message).optional(),
  );

export const email = () =>
  z
    .string({ error: requiredOrType })
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .max(MAX.email, FIELD_MESSAGES.tooLong(MAX.email))
    .pipe(z.email(FIELD_MESSAGES.email))
    .transform((v) => v.toLowerCase());

export const password = () => patterned(P.PASSWORD, FIELD_MESSAGES.password, 128);
export const katakana = () => patterned(P.KATAKANA, FIELD_MESSAGES.katakana, MAX.short);
export const optionalKatakana = () => optionalPatterned(P.KATAKANA, FIELD_MESSAGES.katakana, MAX.short);
export const phone = () => patterned(P.PHONE, FIELD_MESSAGES.phone, 12);
export const optionalPhone = () => optionalPatterned(P.PHONE, FIELD_MESSAGES.phone, 12);
export const postalCode = () => patterned(P.POSTAL_CODE, FIELD_MESSAGES.postalCode, 8);
export const optionalInvoiceNumber = () => optionalPatterned(P.INVOICE_NUMBER, FIELD_MESSAGES.invoiceNumber, 14);
export const optionalLicenseNumber = () => optionalPatterned(P.LICENSE_NUMBER, FIELD_MESSAGES.licenseNumber, 50);
export const optionalUrl = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: requiredOrType })
      .trim()
      .max(MAX.url, FIELD_MESSAGES.tooLong(MAX.url))
      .pipe(z.url(FIELD_MESSAGES.url))
      .optional(),
  );
export const invoiceNumber = () => patterned(P.INVOICE_NUMBER, FIELD_MESSAGES.invoiceNumber, 14);
export const licenseNumber = () => patterned(P.LICENSE_NUMBER, FIELD_MESSAGES.licenseNumber, 50);
export const url = () =>
  z
    .string({ error: requiredOrType })
    .trim()
    .min(1, FIELD_MESSAGES.required)
    .max(MAX.url, FIELD_MESSAGES.tooLong(MAX.url))
    .pipe(z.url(FIELD_MESSAGES.url));
/**
 * A field of a partial update that may be emptied: absent → unchanged (undefined);
 * null, '' or blanks → cleared (null); anything else must pass `base`.
 */
export const clearable = <T extends z.ZodType>(base: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), base.nullable().optional());
export const time = () => patterned(P.TIME, FIELD_MESSAGES.time, 5);
export const timeRange = () => patterned(P.TIME_RANGE, FIELD_MESSAGES.timeRange, 11);
/** An opaque one-time token from an e-mail link. */
export const token = () => text(MAX.token);
export const uuid = () => z.uuid({ error: FIELD_MESSAGES.uuid });

/** A temperature in ℃ within a thermometer's plausible span, at most one decimal (cold chain). */
export const celsius = () =>
  z
    .number({ error: FIELD_MESSAGES.temperature })
    .min(-50, FIELD_MESSAGES.temperature)
    .max(50, FIELD_MESSAGES.temperature)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, FIELD_MESSAGES.temperature);

/**
 * An instant with its offset (ISO 8601), as the API sends every date and time. One schema for
 * all, built on first use (decision 077): its pattern is among the costlier to build.
 */
let isoSchema: z.ZodISODateTime | undefined;
export const iso = () => (isoSchema ??= z.iso.datetime({ offset: true }));
/** One of an enumeration's values, with Japanese messages for missing and unknown values. */
export const option = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (iss) => (iss.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidOption) });

/** Query-string page and limit: page ≥ 1 (default 1), 1 ≤ limit ≤ 100 (default 10). */
export const ZPaginationQuery = z.lazy(() =>
  z.object({
    page: z.coerce
      .number({ error: FIELD_MESSAGES.integer })
      .int(FIELD_MESSAGES.integer)
      .min(1, FIELD_MESSAGES.tooSmall(1))
      .default(1),
    limit: z.coerce
      .number({ error: FIELD_MESSAGES.integer })
      .int(FIELD_MESSAGES.integer)
      .min(1, FIELD_MESSAGES.tooSmall(1))
      .max(100, FIELD_MESSAGES.tooBig(100))
      .default(10),
  }),
);
export type TPaginationQuery = z.infer<typeof ZPaginationQuery>;

export const ZPaginationMeta = z.lazy(() =>
  z.object({
    isFirstPage: z.boolean(),
    isLastPage: z.boolean(),
    currentPage: z.number().int(),
    previousPage: z.number().int().nullable(),
    nextPage: z.number().int().nullable(),
    pageCount: z.number().int(),
    totalCount: z.number().int(),
    /** Present (true) when the list counted only so far ahead and `totalCount` is a lower bound. */
    totalCountIsLowerBound: z.literal(true).optional(),
  }),
);
export type TPaginationMeta = z.infer<typeof ZPaginationMeta>;

/** `{ meta, data }` list envelope. */
export const paginated = <T extends z.ZodType>(item: T) => z.object({ meta: ZPaginationMeta, data: z.array(item) });

/**
 * The pagination meta for a page of a list of `totalCount` rows; `isLowerBound` when the
 * server stopped counting (then the pages end where the count did, and grow as the reader pages on).
 */
export function paginationMeta(page: number, limit: number, totalCount: number, isLowerBound = false): TPaginationMeta {
  const pageCount = Math.max(1, Math.ceil(totalCount / limit));
  return {
    isFirstPage: page === 1,
    isLastPage: page >= pageCount,
    currentPage: page,
    previousPage: page > 1 ? page - 1 : null,
    nextPage: page < pageCount ? page + 1 : null,
    pageCount,
    totalCount,
    ...(isLowerBound ? { totalCountIsLowerBound: true as const } : {}),
  };
}

export const ZFieldError = z.lazy(() => z.object({ path: z.string(), message: z.string() }));
export const ZErrorResponse = z.lazy(() =>
  z.object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    code: z.string(),
    details: z.array(ZFieldError).optional(),
  }),
);
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZMessageResponse = z.lazy(() => z.object({ message: z.string() }));
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZTimestamps = z.lazy(() =>
  z.object({ createdAt: z.iso.datetime({ offset: true }), updatedAt: z.iso.datetime({ offset: true }) }),
);

/**
 * Why no input may hold a string or key (decision 041): a control character or a lone
 * surrogate, answered as its Japanese message; null when it is fine.
 */
function unusableCharacterMessage(value: string): string | null {
  if (!P.UNUSABLE_CHARACTER.test(value)) return null;
  return P.CONTROL_CHARACTER.test(value) ? FIELD_MESSAGES.controlCharacter : FIELD_MESSAGES.loneSurrogate;
}

/**
 * Whether any string or key of an input, however deep, holds a control character or a lone
 * surrogate: the cheap question every request asks first (no path is built; iterative, as
 * unusableCharacterIssues).
 */
export function hasUnusableCharacter(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (P.UNUSABLE_CHARACTER.test(value)) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (P.UNUSABLE_CHARACTER.test(key)) return true;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * Where an input holds a control character or a lone surrogate: the path of every such string
 * and key, however deep, with its message. Iterative, so no nesting depth can overflow it.
 */
export function unusableCharacterIssues(input: unknown): { path: PropertyKey[]; message: string }[] {
  // Each node links to its parent, so a path is built only for what is found.
  interface Node {
    value: unknown;
    key: PropertyKey | undefined;
    parent: Node | undefined;
  }
  const pathOf = (node: Node | undefined, key?: PropertyKey): PropertyKey[] => {
    const path = key === undefined ? [] : [key];
    for (let n = node; n?.key !== undefined; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const found: { path: PropertyKey[]; message: string }[] = [];
  const stack: Node[] = [{ value: input, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      const message = unusableCharacterMessage(value);
      if (message) found.push({ path: pathOf(node), message });
    } else if (value !== null && typeof value === 'object') {
      const isArray = Array.isArray(value);
      for (const [key, child] of Object.entries(value)) {
        const message = unusableCharacterMessage(key);
        if (message) found.push({ path: pathOf(node, key), message });
        stack.push({ value: child, key: isArray ? Number(key) : key, parent: node });
      }
    }
  }
  return found.reverse();
}

/**
 * `schema` behind a check that no string or key of the input holds a control character or a
 * lone surrogate. The server's validation wraps every route input in it, so a schema added
 * later is covered without doing anything (docs/decisions/041-input-strings.md).
 */
export const withoutUnusableCharacters = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .superRefine((input, ctx) => {
      for (const { path, message } of unusableCharacterIssues(input)) {
        ctx.addIssue({ code: 'custom', path, message, input });
      }
    })
    .pipe(schema);
