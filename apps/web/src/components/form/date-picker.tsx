/**
 * A single date chosen on a calendar in a popover (spec §2), Japanese month, weekday and
 * button labels. The value is the date as `yyyy-MM-dd` (no time, no zone); it shows as
 * yyyy年MM月dd日 (spec §9). The calendar itself is its own chunk (date-picker-calendar.tsx).
 */
import { FORM_TEXT } from '@logi/contract';
import { format, isValid, parse } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { Suspense, lazy, useId, useState } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { controlClasses } from '../ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import { Spinner } from '../ui/spinner';
import { FormField, type BaseFieldProps } from './form-field';
import { loadJapaneseHolidays } from './japanese-holidays';
import { DATE_FORMATS, todayInJapan } from '../../lib/format';

const VALUE_FORMAT = 'yyyy-MM-dd';
const DISPLAY_FORMAT = DATE_FORMATS.date;

/** The Date of a `yyyy-MM-dd` value (local midnight), or undefined. */
export function parseDateValue(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = parse(value, VALUE_FORMAT, new Date());
  return isValid(date) ? date : undefined;
}

const loadCalendar = () => import('./date-picker-calendar');
const DatePickerCalendar = lazy(loadCalendar);

/**
 * Starts fetching the calendar and the holidays as the pointer or the focus reaches a picker, so
 * that they are usually there by the time it opens (the calendar is loaded once per page).
 */
function prepareCalendar() {
  void loadCalendar();
  void loadJapaneseHolidays().catch(() => undefined);
}

export interface FormDatePickerProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  placeholder?: string;
  /** Days before `min` or after `max` cannot be chosen (`yyyy-MM-dd`). */
  min?: string;
  max?: string;
}

export function FormDatePicker<TValues extends FieldValues = FieldValues>({
  name,
  placeholder = FORM_TEXT.datePlaceholder,
  min,
  max,
  readOnly,
  ...field
}: FormDatePickerProps<TValues>) {
  const { field: control } = useController({ name });
  const [open, setOpen] = useState(false);
  const [shownMonth, setShownMonth] = useState<Date>();
  const valueId = useId();
  const selected = parseDateValue(control.value);
  const minDate = parseDateValue(min);
  const month = shownMonth ?? selected ?? minDate ?? parseDateValue(todayInJapan())!;

  return (
    <FormField name={name} readOnly={readOnly} {...field}>
      {({ 'aria-required': _required, ...aria }, labelId) => (
        <Popover
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) {
              setShownMonth(undefined);
              control.onBlur();
            }
          }}
        >
          <PopoverTrigger
            // A button may not carry aria-required (axe aria-allowed-attr); its name already says 必須 from the label.
            {...aria}
            ref={control.ref}
            // The accessible name says both what the field is and which day it holds.
            aria-labelledby={field.label ? `${labelId} ${valueId}` : valueId}
            disabled={readOnly || control.disabled}
            onPointerEnter={prepareCalendar}
            onFocus={prepareCalendar}
            className={cn(
              controlClasses,
              'flex h-10 max-w-56 items-center gap-2 py-2 text-left',
              !selected && 'text-muted-foreground',
            )}
          >
            <CalendarDays aria-hidden className="size-4 shrink-0 opacity-60" />
            <span id={valueId}>{selected ? format(selected, DISPLAY_FORMAT) : placeholder}</span>
          </PopoverTrigger>
          <PopoverContent className="w-auto p-2">
            <Suspense
              fallback={
                // About the calendar's size, so that the popover does not jump when it arrives.
                <div className="flex h-80 w-72 items-center justify-center">
                  <Spinner className="size-6" />
                </div>
              }
            >
              <DatePickerCalendar
                selected={selected}
                month={month}
                onMonthChange={setShownMonth}
                min={minDate}
                max={parseDateValue(max)}
                onSelect={(date) => {
                  control.onChange(format(date, VALUE_FORMAT));
                  setOpen(false);
                }}
              />
            </Suspense>
          </PopoverContent>
        </Popover>
      )}
    </FormField>
  );
}
