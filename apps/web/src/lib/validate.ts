/**
 * Form validation without a form library (the auth area keeps react-hook-form out of
 * its first load): the contract schema's safeParse, its first message per field, and a
 * 400 answer's `details` mapped onto the same field names.
 */
import type { z } from 'zod';
import type { FieldErrorDetail } from './api-client';

export type FieldErrors = Partial<Record<string, string>>;

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validate<S extends z.ZodType>(schema: S, values: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}

/** `body.email` → `email`, as the form names it. */
export function serverFieldErrors(details: readonly FieldErrorDetail[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of details) {
    const name = path.replace(/^(body|querystring|params)(\.|$)/, '');
    if (name) errors[name] ??= message;
  }
  return errors;
}
