import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { RadioGroup, RadioGroupItem } from '../ui/radio-group';
import { FormField, type BaseFieldProps } from './form-field';
import type { FieldOption } from './options';

export type RadioColumns = 1 | 2 | 3 | 4;

const COLUMN_CLASS: Record<RadioColumns, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-4',
};

/** Spec §9: one column per option up to four; five or more options use four. */
export function radioColumns(optionCount: number, columns?: RadioColumns): RadioColumns {
  if (columns) return columns;
  return Math.min(4, Math.max(1, optionCount)) as RadioColumns;
}

export interface FormRadioProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  options: readonly FieldOption[];
  /** Columns of the option grid (the spec's "span"); by option count unless given. */
  columns?: RadioColumns;
}

export function FormRadio<TValues extends FieldValues = FieldValues>({
  name,
  options,
  columns,
  readOnly,
  ...field
}: FormRadioProps<TValues>) {
  const { field: control } = useController({ name });
  const itemId = useId();
  const cols = radioColumns(options.length, columns);
  return (
    <FormField name={name} readOnly={readOnly} group {...field}>
      {(aria, labelId) => (
        <RadioGroup
          {...aria}
          aria-labelledby={labelId}
          onBlur={control.onBlur}
          data-columns={cols}
          className={cn('gap-x-4 gap-y-3', COLUMN_CLASS[cols])}
        >
          {options.map((option, i) => (
            <label key={option.value} htmlFor={`${itemId}-${i}`} className="flex min-w-0 items-center gap-2 text-sm">
              <RadioGroupItem
                id={`${itemId}-${i}`}
                // The first takes the form's focus on an error, as the group's first item.
                ref={i === 0 ? control.ref : undefined}
                name={control.name}
                value={option.value}
                checked={control.value === option.value}
                onChange={() => control.onChange(option.value)}
                disabled={readOnly || option.disabled || control.disabled}
              />
              <span className="min-w-0">{option.label}</span>
            </label>
          ))}
        </RadioGroup>
      )}
    </FormField>
  );
}
