import { FORM_TEXT } from '@logi/contract';
import { useController, type FieldValues } from 'react-hook-form';
import { Select } from '../ui/select';
import { FormField, type BaseFieldProps } from './form-field';
import type { FieldOption } from './options';

export interface FormSelectProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  options: readonly FieldOption[];
  placeholder?: string;
  /**
   * The form value of a chosen option, when the schema wants other than its string (a number);
   * the field's value is shown through String() either way.
   */
  parseValue?: (option: string) => unknown;
}

/** One choice from a list; the value is the option's string (an empty field shows the placeholder). */
export function FormSelect<TValues extends FieldValues = FieldValues>({
  name,
  options,
  placeholder = FORM_TEXT.selectPlaceholder,
  parseValue,
  readOnly,
  ...field
}: FormSelectProps<TValues>) {
  const { field: control } = useController({ name });
  return (
    <FormField name={name} readOnly={readOnly} {...field}>
      {(aria) => (
        <Select
          name={control.name}
          value={control.value == null ? '' : String(control.value)}
          options={options}
          placeholder={placeholder}
          onValueChange={(option) => control.onChange(parseValue ? parseValue(option) : option)}
          // Touched when the list closes, not when focus moves into it.
          onOpenChange={(open) => !open && control.onBlur()}
          disabled={readOnly || control.disabled}
          triggerProps={{ ...aria, ref: control.ref }}
        />
      )}
    </FormField>
  );
}
