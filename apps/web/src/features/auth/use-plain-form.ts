/**
 * State of a small form without react-hook-form: values, the schema's messages per
 * field, the server's message, and a submit that validates first. A field's message
 * clears as soon as it is edited.
 */
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../lib/api';
import { type FieldErrors, serverFieldErrors, validate } from '../../lib/validate';

export function usePlainForm<S extends z.ZodType, V extends Record<string, string>>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const field = (name: keyof V & string) => ({
    value: values[name] ?? '',
    error: errors[name],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  /** Validates `values` (plus `extra`, e.g. the role or a token) and runs `action` with the parsed data. */
  const onSubmit =
    (action: (data: z.output<S>) => Promise<void>, extra: Record<string, unknown> = {}) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting) return;
      setFormError(null);
      const checked = validate(schema, { ...values, ...extra });
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      setSubmitting(true);
      try {
        await action(checked.data);
      } catch (error) {
        const fieldErrors = error instanceof ApiError ? serverFieldErrors(error.details) : {};
        setErrors(fieldErrors);
        setFormError(errorMessage(error));
      } finally {
        setSubmitting(false);
      }
    };

  return { values, errors, formError, submitting, field, onSubmit };
}
