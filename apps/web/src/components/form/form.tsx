/**
 * A form bound to a contract schema: react-hook-form validates with the zod schema (its
 * Japanese messages appear under the fields) and lays the fields out on a 12-column grid.
 * It also counts the uploads in flight so that nothing is submitted half uploaded (spec §4).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useContext, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useFormState,
  type FieldPath,
  type FieldValues,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '../../lib/cn';

/** A zod object schema whose input is a record of fields (what react-hook-form holds). */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * useForm with the schema as resolver: values are the schema's input, the submit handler
 * receives its parsed output. Errors show once a field is left (then on every change).
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
}

interface UploadTracker {
  uploading: boolean;
  begin: () => void;
  end: () => void;
}
const UploadContext = createContext<UploadTracker | null>(null);

/** For file fields: announce an upload so the form holds its submit until it is done. */
export function useUploadTracker(): UploadTracker | null {
  return useContext(UploadContext);
}

/** Inside a Form: true while it submits or a file field uploads (a submit button shows loading). */
export function useFormBusy(): boolean {
  const { isSubmitting } = useFormState();
  const tracker = useContext(UploadContext);
  return isSubmitting || Boolean(tracker?.uploading);
}

interface FormProps<TInput extends FieldValues, TOutput> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  className?: string;
  /** An accessible name when the form has no visible heading tied to it. */
  'aria-label'?: string;
  children: ReactNode;
}

export function Form<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  className,
  children,
  ...rest
}: FormProps<TInput, TOutput>) {
  const [pending, setPending] = useState(0);
  const tracker = useMemo<UploadTracker>(
    () => ({
      uploading: pending > 0,
      begin: () => setPending((n) => n + 1),
      end: () => setPending((n) => Math.max(0, n - 1)),
    }),
    [pending],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (tracker.uploading) {
      // The file field already says ファイルをアップロード中です…; its ids are not in the values yet.
      event.preventDefault();
      return;
    }
    return form.handleSubmit(onSubmit)(event);
  };

  return (
    <FormProvider {...form}>
      <UploadContext.Provider value={tracker}>
        <form noValidate onSubmit={submit} className={cn('grid grid-cols-12 gap-x-4 gap-y-5', className)} {...rest}>
          {children}
        </form>
      </UploadContext.Provider>
    </FormProvider>
  );
}

/**
 * Puts the field errors of a 400 answer (`details` of spec §8) under their fields. The server
 * names them `body.email`, `querystring.page`; the form knows them as `email`, `page`.
 * Returns whether any error landed on a field.
 */
export function applyFieldErrors<TValues extends FieldValues>(
  form: Pick<UseFormReturn<TValues>, 'setError'>,
  details: readonly { path: string; message: string }[] | undefined,
): boolean {
  let applied = false;
  details?.forEach(({ path, message }, i) => {
    const name = path.replace(/^(body|querystring|params)(\.|$)/, '');
    if (name === '') return;
    form.setError(name as FieldPath<TValues>, { type: 'server', message }, { shouldFocus: i === 0 });
    applied = true;
  });
  return applied;
}
