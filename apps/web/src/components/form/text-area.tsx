import type { FieldValues } from 'react-hook-form';
import { useFormMethods } from './form';
import { Textarea } from '../ui/textarea';
import { FormField, type BaseFieldProps } from './form-field';

export interface FormTextAreaProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  rows?: number;
  placeholder?: string;
  maxLength?: number;
}

export function FormTextArea<TValues extends FieldValues = FieldValues>({
  name,
  rows = 4,
  placeholder,
  maxLength,
  readOnly,
  ...field
}: FormTextAreaProps<TValues>) {
  const { register } = useFormMethods();
  return (
    <FormField name={name} readOnly={readOnly} {...field}>
      {(control) => (
        <Textarea
          {...control}
          {...register(name)}
          rows={rows}
          placeholder={placeholder}
          maxLength={maxLength}
          readOnly={readOnly}
        />
      )}
    </FormField>
  );
}
