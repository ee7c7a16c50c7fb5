import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useFormMethods } from './form';
import { Input } from '../ui/input';
import { Textarea } from '../ui/textarea';
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

/**
 * One line of text; `type="number"` hands the schema a number (an empty box: undefined). A
 * read-only value wraps onto more lines when it is longer than the box.
 */
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
  const { register } = useFormMethods();
  const registered = register(
    name,
    type === 'number' ? { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) } : {},
  );
  return (
    <FormField name={name} readOnly={readOnly} {...field}>
      {(control) => (
        <div className="flex items-center gap-2">
          {readOnly ? (
            // An input never wraps, so a long value (an e-mail address on a phone) would be cut
            // off: a one-row textarea growing with its text shows all of it and holds the value.
            <Textarea
              {...control}
              {...registered}
              rows={1}
              readOnly
              className="min-h-10! resize-none field-sizing-content wrap-anywhere"
            />
          ) : (
            <Input
              {...control}
              {...registered}
              type={type}
              placeholder={placeholder}
              autoComplete={autoComplete}
              inputMode={inputMode}
              maxLength={maxLength}
            />
          )}
          {suffix && <span className="shrink-0 text-sm text-muted-foreground">{suffix}</span>}
        </div>
      )}
    </FormField>
  );
}
