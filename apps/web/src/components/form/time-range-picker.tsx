/**
 * A time window `HH:MM-HH:MM` (spec §5, §9): two time lists; choosing a start later than the
 * end swaps them, an empty field starts as 09:00–17:00 (decision 086), and the words に集荷 follow by default.
 */
import { FORM_TEXT } from '@logi/contract';
import { useEffect, useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { useFormMethods } from './form';
import { type BaseFieldProps, FormField, groupControl } from './form-field';
import { TimeSelect } from './time-picker';
import { DEFAULT_TIME_RANGE, formatTimeRange, parseTimeRange } from './time';

export interface FormTimeRangePickerProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  minuteStep?: number;
  /** Words after the range; に集荷 unless given, `null` for none. */
  suffix?: string | null;
}

export function FormTimeRangePicker<TValues extends FieldValues = FieldValues>({
  name,
  minuteStep = 30,
  suffix = FORM_TEXT.pickupSuffix,
  readOnly,
  ...field
}: FormTimeRangePickerProps<TValues>) {
  const { setValue } = useFormMethods();
  const { field: control } = useController({ name });
  const range = parseTimeRange(control.value);
  const partId = useId();

  // An empty field holds the default window, so what is shown is what is submitted.
  const empty = control.value === undefined || control.value === null || control.value === '';
  useEffect(() => {
    if (empty) setValue(name as string, formatTimeRange(DEFAULT_TIME_RANGE), { shouldDirty: false });
  }, [empty, name, setValue]);

  const change = (part: 'start' | 'end', time: string) => control.onChange(formatTimeRange({ ...range, [part]: time }));
  const disabled = readOnly || control.disabled;

  return (
    <FormField name={name} readOnly={readOnly} group {...field}>
      {(aria, labelId) => (
        <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-2" {...groupControl(aria)}>
          <span id={`${partId}-start`} className="sr-only">
            {FORM_TEXT.timeRangeStart}
          </span>
          <TimeSelect
            value={range.start}
            onChange={(time) => change('start', time)}
            onClose={control.onBlur}
            minuteStep={minuteStep}
            disabled={disabled}
            triggerProps={{ 'aria-labelledby': `${labelId} ${partId}-start`, ref: control.ref }}
            className="w-32!"
          />
          <span aria-hidden className="text-muted-foreground">
            {FORM_TEXT.timeRangeSeparator}
          </span>
          <span id={`${partId}-end`} className="sr-only">
            {FORM_TEXT.timeRangeEnd}
          </span>
          <TimeSelect
            value={range.end}
            onChange={(time) => change('end', time)}
            onClose={control.onBlur}
            minuteStep={minuteStep}
            disabled={disabled}
            triggerProps={{ 'aria-labelledby': `${labelId} ${partId}-end` }}
            className="w-32!"
          />
          {suffix && <span className="text-sm text-foreground">{suffix}</span>}
        </div>
      )}
    </FormField>
  );
}
