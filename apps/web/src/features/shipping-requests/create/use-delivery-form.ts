/**
 * The delivery form's react-hook-form state. Like useZodForm (errors once a field is left),
 * with one difference: react-hook-form revalidates the whole stop list whenever a stop is
 * added or removed, which would flag 必須項目です。 under every field of the other stops that
 * nobody has filled yet. Until the first submit such a run keeps only the errors of fields
 * the person has touched (and the route's own error, which is about the stop just removed).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { EMPTY_DELIVERY, ZDeliveryForm, type TDeliveryForm } from './request-forms';

type DeliveryFormOutput = ReturnType<typeof ZDeliveryForm.parse>;
type DeliveryForm = UseFormReturn<TDeliveryForm, unknown, DeliveryFormOutput>;

const STOPS = 'transports';

/** The errors of the stop list with only the touched fields' errors left in each stop. */
function touchedStopErrors(errors: FieldErrors<TDeliveryForm>, form: DeliveryForm): FieldErrors<TDeliveryForm> {
  const stops = errors[STOPS];
  if (!stops) return errors;
  const kept = (Array.isArray(stops) ? Object.assign([], stops) : { ...stops }) as Record<string, unknown>;
  for (const [index, stopErrors] of Object.entries(stops)) {
    if (Number.isNaN(Number(index)) || !stopErrors) continue;
    const touched = Object.entries(stopErrors as Record<string, unknown>).filter(
      ([field]) => form.getFieldState(`${STOPS}.${Number(index)}.${field}` as `transports.${number}.city`).isTouched,
    );
    if (touched.length > 0) kept[index] = Object.fromEntries(touched);
    else delete kept[index];
  }
  return { ...errors, [STOPS]: kept } as FieldErrors<TDeliveryForm>;
}

export function useDeliveryForm(): DeliveryForm {
  const formRef = useRef<DeliveryForm | null>(null);
  const schemaResolver = zodResolver(ZDeliveryForm);
  const resolver: Resolver<TDeliveryForm, unknown, DeliveryFormOutput> = async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const form = formRef.current;
    // Only the stop list's own revalidation (after an add or remove) names it alone.
    const afterStopChange = options.names?.length === 1 && options.names[0] === STOPS;
    if (!form || !afterStopChange || form.formState.isSubmitted) return result;
    return { ...result, errors: touchedStopErrors(result.errors, form) } as typeof result;
  };
  const form = useForm<TDeliveryForm, unknown, DeliveryFormOutput>({
    mode: 'onTouched',
    defaultValues: EMPTY_DELIVERY,
    resolver,
  });
  useEffect(() => {
    formRef.current = form;
  }, [form]);
  return form;
}
