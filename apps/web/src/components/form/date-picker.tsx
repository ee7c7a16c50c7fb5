/**
 * A single date chosen on a calendar in a popover (spec §2), Japanese month, weekday and
 * button labels. The value is the date as `yyyy-MM-dd` (no time, no zone); it shows as
 * yyyy年MM月dd日 (spec §9).
 */
import { FORM_TEXT } from '@logi/contract';
import { format, isValid, parse } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useId, useState, type CSSProperties } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { ja } from 'react-day-picker/locale/ja';
import 'react-day-picker/style.css';
import { useController, type FieldValues } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { controlClasses } from '../ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import { FormField, type BaseFieldProps } from './form-field';

const VALUE_FORMAT = 'yyyy-MM-dd';
const DISPLAY_FORMAT = 'yyyy年MM月dd日';

/** The Date of a `yyyy-MM-dd` value (local midnight), or undefined. */
export function parseDateValue(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = parse(value, VALUE_FORMAT, new Date());
  return isValid(date) ? date : undefined;
}

// The calendar in the product's colours; 40 px days keep a week inside a 360 px screen.
const calendarStyle = {
  '--rdp-accent-color': 'var(--color-primary)',
  '--rdp-accent-background-color': 'var(--color-accent)',
  '--rdp-day-height': '40px',
  '--rdp-day-width': '40px',
  '--rdp-day_button-height': '38px',
  '--rdp-day_button-width': '38px',
} as CSSProperties;

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
  const valueId = useId();
  const selected = parseDateValue(control.value);
  const minDate = parseDateValue(min);
  const maxDate = parseDateValue(max);
  const disabledDays: Matcher[] = [...(minDate ? [{ before: minDate }] : []), ...(maxDate ? [{ after: maxDate }] : [])];

  return (
    <FormField name={name} readOnly={readOnly} {...field}>
      {({ 'aria-required': _required, ...aria }, labelId) => (
        <Popover
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) control.onBlur();
          }}
        >
          <PopoverTrigger
            // A button may not carry aria-required (axe aria-allowed-attr); its name already says 必須 from the label.
            {...aria}
            ref={control.ref}
            // The accessible name says both what the field is and which day it holds.
            aria-labelledby={field.label ? `${labelId} ${valueId}` : valueId}
            disabled={readOnly || control.disabled}
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
            <DayPicker
              mode="single"
              locale={ja}
              selected={selected}
              defaultMonth={selected ?? minDate}
              // Choosing the chosen day again keeps it (a field is cleared by the form, not by a click).
              required
              onSelect={(date: Date) => {
                control.onChange(format(date, VALUE_FORMAT));
                setOpen(false);
              }}
              disabled={disabledDays}
              autoFocus
              style={calendarStyle}
            />
          </PopoverContent>
        </Popover>
      )}
    </FormField>
  );
}
