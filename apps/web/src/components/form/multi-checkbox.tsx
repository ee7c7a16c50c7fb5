import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { Checkbox } from '../ui/checkbox';
import { type BaseFieldProps, FormField, groupControl } from './form-field';
import type { FieldOption } from './options';

/** The value with `option` added or removed, kept in the options' order. */
export function toggleValue(values: readonly string[], option: string, on: boolean, order: readonly string[]): string[] {
  const next = new Set(values);
  if (on) next.add(option);
  else next.delete(option);
  return [...next].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

export const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

export interface FormMultiCheckboxProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  options: readonly FieldOption[];
}

/** Any number of choices in a wrapping row; the value is the list of chosen option values. */
export function FormMultiCheckbox<TValues extends FieldValues = FieldValues>({
  name,
  options,
  readOnly,
  ...field
}: FormMultiCheckboxProps<TValues>) {
  const { field: control } = useController({ name });
  const itemId = useId();
  const chosen = asList(control.value);
  const order = options.map((o) => o.value);
  return (
    <FormField name={name} readOnly={readOnly} group {...field}>
      {(aria, labelId) => (
        <div role="group" aria-labelledby={labelId} {...groupControl(aria)} className="flex flex-wrap gap-x-6 gap-y-3">
          {options.map((option, i) => (
            <label key={option.value} htmlFor={`${itemId}-${i}`} className="flex items-center gap-2 text-sm">
              <Checkbox
                id={`${itemId}-${i}`}
                ref={i === 0 ? control.ref : undefined}
                checked={chosen.includes(option.value)}
                onCheckedChange={(on) => control.onChange(toggleValue(chosen, option.value, on === true, order))}
                onBlur={control.onBlur}
                disabled={readOnly || option.disabled || control.disabled}
              />
              {option.label}
            </label>
          ))}
        </div>
      )}
    </FormField>
  );
}
