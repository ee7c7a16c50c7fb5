import { FORM_TEXT } from '@logi/contract';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useFormMethods } from './form';
import { Input } from '../ui/input';
import { FormField, type BaseFieldProps } from './form-field';

export interface FormInputPasswordProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  /** `current-password` on sign-in, `new-password` where one is chosen (lets managers fill or suggest). */
  autoComplete?: 'current-password' | 'new-password';
  placeholder?: string;
}

/** A password box with a button that shows or hides what was typed. */
export function FormInputPassword<TValues extends FieldValues = FieldValues>({
  name,
  autoComplete = 'current-password',
  placeholder,
  readOnly,
  ...field
}: FormInputPasswordProps<TValues>) {
  const { register } = useFormMethods();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <FormField name={name} readOnly={readOnly} {...field}>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            {...register(name)}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            placeholder={placeholder}
            readOnly={readOnly}
            // Room for the toggle; a password never gets auto-capitalised or corrected.
            className="pr-11"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? FORM_TEXT.hidePassword : FORM_TEXT.showPassword}
            aria-controls={control.id}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
          >
            <Icon aria-hidden className="size-4" />
          </button>
        </div>
      )}
    </FormField>
  );
}
