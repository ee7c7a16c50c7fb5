/**
 * A single date chosen on a calendar in a popover (spec §2), Japanese month, weekday and
 * button labels. The value is the date as `yyyy-MM-dd` (no time, no zone); it shows as
 * yyyy年MM月dd日 (spec §9).
 */
import { FORM_TEXT } from '@logi/contract';
import { format, isValid, parse } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { ja as dateFnsJa } from 'date-fns/locale/ja';
import { useId, useState, type CSSProperties } from 'react';
import { DayPicker, type Labels, type Matcher } from 'react-day-picker';
import { ja } from 'react-day-picker/locale/ja';
import 'react-day-picker/style.css';
import { useController, type FieldValues } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { controlClasses } from '../ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover';
import { FormField, type BaseFieldProps } from './form-field';
import { type HolidayNames, useJapaneseHolidays } from './japanese-holidays';

const VALUE_FORMAT = 'yyyy-MM-dd';
const DISPLAY_FORMAT = 'yyyy年MM月dd日';

/**
 * The shown month, 2026年11月, as the caption and the grid's name. Written out: react-day-picker
 * asks Intl for a year-first locale's month, and the first Intl use loads its locale data, which
 * delayed the calendar's first opening (decision 076).
 */
const monthCaption = (month: Date) => format(month, 'yyyy年M月');

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

/** The day's name in react-day-picker's Japanese locale (今日、2026年11月23日月曜日、選択済み). */
const japaneseDayLabel = ja.labels!.labelDayButton as NonNullable<Labels['labelDayButton']>;

// As Japanese calendars print them: Sundays and public holidays red, Saturdays blue (both ≥ 4.5:1 on white).
const DAY_CLASSES = { sunday: 'text-sunday', saturday: 'text-saturday', holiday: 'text-sunday' };

/** The shown month's holidays, under the calendar: 23日（月） 勤労感謝の日. */
function MonthHolidays({ month, holidays }: { month: Date; holidays: HolidayNames | undefined }) {
  const prefix = format(month, 'yyyy-MM-');
  const inMonth = [...(holidays ?? [])].filter(([date]) => date.startsWith(prefix));
  if (inMonth.length === 0) return null;
  return (
    <section aria-label={FORM_TEXT.holidaysOfMonth} className="mt-1 border-t px-2 pt-2 text-xs">
      <ul className="flex flex-col gap-0.5">
        {inMonth.map(([date, name]) => (
          <li key={date} className="text-sunday">
            {format(parse(date, VALUE_FORMAT, month), 'd日（E）', { locale: dateFnsJa })} {name}
          </li>
        ))}
      </ul>
    </section>
  );
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
  const holidays = useJapaneseHolidays(open);
  const valueId = useId();
  const selected = parseDateValue(control.value);
  const minDate = parseDateValue(min);
  const month = shownMonth ?? selected ?? minDate ?? new Date();
  const isHoliday = (date: Date) => holidays?.has(format(date, VALUE_FORMAT)) === true;
  const dayLabel: Labels['labelDayButton'] = (date, modifiers, options, dateLib) => {
    const day = japaneseDayLabel(date, modifiers, options, dateLib);
    const holiday = holidays?.get(format(date, VALUE_FORMAT));
    return holiday ? FORM_TEXT.holidayDay(day, holiday) : day;
  };
  const maxDate = parseDateValue(max);
  const disabledDays: Matcher[] = [...(minDate ? [{ before: minDate }] : []), ...(maxDate ? [{ after: maxDate }] : [])];

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
              month={month}
              onMonthChange={setShownMonth}
              modifiers={{ sunday: { dayOfWeek: [0] }, saturday: { dayOfWeek: [6] }, holiday: isHoliday }}
              modifiersClassNames={DAY_CLASSES}
              labels={{ labelDayButton: dayLabel, labelGrid: monthCaption }}
              formatters={{ formatCaption: monthCaption }}
              footer={<MonthHolidays month={month} holidays={holidays} />}
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
