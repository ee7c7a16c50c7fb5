import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { Input } from '../ui/input';
import { FormField, type BaseFieldProps } from './form-field';

export interface FormInputProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  type?: 'text' | 'email' | 'tel' | 'url' | 'number' | 'search';
  placeholder?: string;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'url' | 'numeric' | 'decimal' | 'search';
  maxLength?: number;
  /** A unit after the control, e.g. 円 or kg. */
  suffix?: ReactNode;
}

/** One line of text; `type="number"` hands the schema a number (an empty box: undefined). */
export function FormInput<TValues extends FieldValues = FieldValues>({
  name,
  type = 'text',
  placeholder,
  autoComplete,
  inputMode,
  maxLength,
  suffix,
  readOnly,
  ...field
}: FormInputProps<TValues>) {
  const { register } = useFormContext();
  const registered = register(
    name,
    type === 'number' ? { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) } : {},
  );
  return (
    <FormField name={name} readOnly={readOnly} {...field}>
      {(control) => (
        <div className="flex items-center gap-2">
          <Input
            {...control}
            {...registered}
            type={type}
            placeholder={placeholder}
            autoComplete={autoComplete}
            inputMode={inputMode}
            maxLength={maxLength}
            readOnly={readOnly}
          />
          {suffix && <span className="shrink-0 text-sm text-muted-foreground">{suffix}</span>}
        </div>
      )}
    </FormField>
  );
}
