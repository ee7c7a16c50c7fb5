/**
 * A form bound to a contract schema: react-hook-form validates with the zod schema (its
 * Japanese messages appear under the fields) and lays the fields out on a 12-column grid.
 * It also counts the uploads in flight so that nothing is submitted half uploaded (spec §4).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useForm,
  useFormState,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/hydrated';
import { useCountBottomActions } from '../ui/bottom-actions';

/** A zod object schema whose input is a record of fields (what react-hook-form holds). */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The errors under `path` where the field was touched; a list's own error (`root`) stays.
 * A leaf is a FieldError (it has a `type`); anything else is a nested object or list.
 */
function touchedErrors(node: unknown, path: string, isTouched: (path: string) => boolean): unknown {
  if (!node || typeof node !== 'object') return undefined;
  const entries = Object.entries(node as Record<string, unknown>);
  if (typeof (node as { type?: unknown }).type === 'string') return isTouched(path) ? node : undefined;
  // A list stays a list: react-hook-form reads `transports.0.city` from either, but lists its items.
  const kept = (Array.isArray(node) ? [] : {}) as Record<string, unknown>;
  for (const [key, child] of entries) {
    const value = key === 'root' ? child : touchedErrors(child, `${path}.${key}`, isTouched);
    if (value !== undefined) kept[key] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/**
 * useForm with the schema as resolver: values are the schema's input, the submit handler
 * receives its parsed output. Errors show once a field is left (then on every change).
 * react-hook-form revalidates a whole field array when an item is added or removed; until
 * the first submit, that run keeps only the errors of fields the person has touched, so
 * adding a stop does not flag 必須項目です。 under every empty field of the others.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  type Form = UseFormReturn<z.input<S>, unknown, z.output<S>>;
  const formRef = useRef<Form | null>(null);
  const schemaResolver = zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>;
  const resolver: Resolver<z.input<S>, unknown, z.output<S>> = async (values, context, resolverOptions) => {
    const result = await schemaResolver(values, context, resolverOptions);
    const form = formRef.current;
    const name = resolverOptions.names?.length === 1 ? resolverOptions.names[0] : undefined;
    if (!form || !name || form.formState.isSubmitted || !Array.isArray(get(values, name))) return result;
    const errors = { ...result.errors } as Record<string, unknown>;
    const isTouched = (path: string) => form.getFieldState(path as FieldPath<z.input<S>>).isTouched;
    const kept = touchedErrors(errors[name], name, isTouched);
    if (kept === undefined) delete errors[name];
    else errors[name] = kept;
    return { ...result, errors } as typeof result;
  };
  const form = useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...options, resolver });
  useEffect(() => {
    formRef.current = form;
  }, [form]);
  return form;
}

interface UploadTracker {
  uploading: boolean;
  begin: () => void;
  end: () => void;
}
const UploadContext = createContext<UploadTracker | null>(null);

/**
 * The form's methods (register, setValue, …) for its fields. react-hook-form's useFormContext
 * hands out a new value whenever the form's state changes (a touched field, an error, the form
 * becoming ready on mount), which re-renders every field that reads it, memo or not. These
 * methods never change, so a field re-renders for its own state only.
 */
const FormMethodsContext = createContext<UseFormReturn<FieldValues> | null>(null);

export function useFormMethods<TValues extends FieldValues = FieldValues>(): UseFormReturn<TValues> {
  const methods = useContext(FormMethodsContext);
  if (!methods) throw new Error('useFormMethods must be used inside a Form');
  return methods as unknown as UseFormReturn<TValues>;
}

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

/**
 * The fields, disabled until the app runs: on a page the server painted (decision 075) what is
 * typed before then would reach none of the form's own logic (a postal code's address lookup,
 * validation). Its own component, so that coming alive re-renders this one element only.
 */
export function LiveFields({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset role="presentation" disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
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
  // Its submit sits at its end: toasts (an upload's, a failed send's) go to the top meanwhile.
  useCountBottomActions();
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
      {/* useForm returns the same object on every render: the methods' value never changes. */}
      <FormMethodsContext.Provider value={form as unknown as UseFormReturn<FieldValues>}>
        <UploadContext.Provider value={tracker}>
          {/* POST: a page the server painted (decision 075) must never put what was typed in a URL, were it sent before the app runs. */}
          <form
            method="post"
            noValidate
            onSubmit={submit}
            className={cn('grid grid-cols-12 gap-x-4 gap-y-5', className)}
            {...rest}
          >
            <LiveFields>{children}</LiveFields>
          </form>
        </UploadContext.Provider>
      </FormMethodsContext.Provider>
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
