import type { ReactNode } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { Checkbox } from '../ui/checkbox';
import { FormField, type BaseFieldProps } from './form-field';

export interface FormSingleCheckboxProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  /** The words beside the box (e.g. 利用規約に同意する). */
  text: ReactNode;
  /** Not yet available (e.g. until a notice is read to the end). */
  disabled?: boolean;
}

/** One yes/no box; the value is a boolean. */
export function FormSingleCheckbox<TValues extends FieldValues = FieldValues>({
  name,
  text,
  disabled,
  readOnly,
  ...field
}: FormSingleCheckboxProps<TValues>) {
  const { field: control } = useController({ name });
  return (
    <FormField name={name} readOnly={readOnly} group {...field}>
      {(aria, labelId) => (
        <div role="group" aria-labelledby={field.label ? labelId : undefined} className="flex items-start gap-2">
          <Checkbox
            {...aria}
            ref={control.ref}
            name={control.name}
            checked={control.value === true}
            onCheckedChange={(checked) => control.onChange(checked === true)}
            onBlur={control.onBlur}
            disabled={disabled || readOnly || control.disabled}
            className="mt-0.5"
          />
          <label htmlFor={aria.id} className="text-sm">
            {text}
          </label>
        </div>
      )}
    </FormField>
  );
}
