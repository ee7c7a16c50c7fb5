import { FORM_TEXT } from '@logi/contract';
import { Clock } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { Select } from '../ui/select';
import { FormField, type BaseFieldProps } from './form-field';
import { isTime, timeOptions } from './time';

/** Spec §9: the list of times is at most 200 px high. */
export const TIME_LIST_MAX_HEIGHT = 200;

interface TimeSelectProps {
  value: string;
  onChange: (value: string) => void;
  minuteStep: number;
  disabled?: boolean;
  placeholder?: string;
  onClose?: () => void;
  triggerProps?: ComponentProps<typeof Select>['triggerProps'];
  className?: string;
}

/** A list of the times of a day in `minuteStep` steps; a value off the steps stays listed. */
export function TimeSelect({
  value,
  onChange,
  minuteStep,
  disabled,
  placeholder,
  onClose,
  triggerProps,
  className,
}: TimeSelectProps) {
  const steps = timeOptions(minuteStep);
  const times = isTime(value) && !steps.includes(value) ? [...steps, value].sort() : steps;
  return (
    <Select
      value={isTime(value) ? value : ''}
      options={times.map((time) => ({ value: time, label: time }))}
      placeholder={placeholder ?? FORM_TEXT.timePlaceholder}
      icon={<Clock aria-hidden className="size-4 shrink-0 opacity-60" />}
      maxHeight={TIME_LIST_MAX_HEIGHT}
      onValueChange={onChange}
      onOpenChange={(open) => !open && onClose?.()}
      disabled={disabled}
      triggerProps={{ ...triggerProps, className: cn(triggerProps?.className, className) }}
    />
  );
}

export interface FormTimePickerProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  /** Minutes between two listed times; 30 unless given. */
  minuteStep?: number;
  placeholder?: string;
}

/** A time of day, `HH:MM`. */
export function FormTimePicker<TValues extends FieldValues = FieldValues>({
  name,
  minuteStep = 30,
  placeholder,
  readOnly,
  ...field
}: FormTimePickerProps<TValues>) {
  const { field: control } = useController({ name });
  return (
    <FormField name={name} readOnly={readOnly} {...field}>
      {(aria) => (
        <TimeSelect
          value={control.value ?? ''}
          onChange={control.onChange}
          onClose={control.onBlur}
          minuteStep={minuteStep}
          placeholder={placeholder}
          disabled={readOnly || control.disabled}
          triggerProps={{ ...aria, ref: control.ref }}
          className="max-w-40"
        />
      )}
    </FormField>
  );
}
