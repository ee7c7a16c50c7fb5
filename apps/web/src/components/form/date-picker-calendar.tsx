/**
 * The date picker's calendar: react-day-picker in Japanese with the public holidays. Its own
 * chunk, fetched when a picker is about to open (date-picker.tsx), since it is about half of
 * the form controls' code and a form's first render needs none of it.
 */
import { FORM_TEXT } from '@logi/contract';
import { format, parse } from 'date-fns';
import { ja as dateFnsJa } from 'date-fns/locale/ja';
import type { CSSProperties } from 'react';
import { DayPicker, type Labels, type Matcher } from 'react-day-picker';
import { ja } from 'react-day-picker/locale/ja';
import 'react-day-picker/style.css';
import { DATE_FORMATS, todayInJapan } from '../../lib/format';
import { HOLIDAY_KEY_FORMAT, type HolidayNames, useJapaneseHolidays } from './japanese-holidays';

/**
 * The shown month, 2026年11月, as the caption and the grid's name. Written out: react-day-picker
 * asks Intl for a year-first locale's month, and the first Intl use loads its locale data, which
 * delayed the calendar's first opening (decision 076).
 */
const monthCaption = (month: Date) => format(month, DATE_FORMATS.month);

// The calendar in the product's colours; 40 px days keep a week inside a 360 px screen.
const calendarStyle = {
  '--rdp-accent-color': 'var(--color-primary)',
  '--rdp-accent-background-color': 'var(--color-accent)',
  '--rdp-day-height': '40px',
  '--rdp-day-width': '40px',
  '--rdp-day_button-height': '38px',
  '--rdp-day_button-width': '38px',
} as CSSProperties;

/**
 * The day's name in the house format (今日、2026年11月03日(火)、選択済み): react-day-picker's
 * Japanese locale wrote 2026年11月3日火曜日, a third way of writing a date.
 */
const japaneseDayLabel: NonNullable<Labels['labelDayButton']> = (date, modifiers) => {
  const day = format(date, DATE_FORMATS.dateWeekday, { locale: dateFnsJa });
  return `${modifiers.today ? '今日、' : ''}${day}${modifiers.selected ? '、選択済み' : ''}`;
};

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
            {format(parse(date, HOLIDAY_KEY_FORMAT, month), 'd日（E）', { locale: dateFnsJa })} {name}
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface DatePickerCalendarProps {
  selected: Date | undefined;
  month: Date;
  onMonthChange: (month: Date) => void;
  onSelect: (date: Date) => void;
  min: Date | undefined;
  max: Date | undefined;
}

export default function DatePickerCalendar({ selected, month, onMonthChange, onSelect, min, max }: DatePickerCalendarProps) {
  const holidays = useJapaneseHolidays();
  const isHoliday = (date: Date) => holidays?.has(format(date, HOLIDAY_KEY_FORMAT)) === true;
  const dayLabel: Labels['labelDayButton'] = (date, modifiers) => {
    const day = japaneseDayLabel(date, modifiers);
    const holiday = holidays?.get(format(date, HOLIDAY_KEY_FORMAT));
    return holiday ? FORM_TEXT.holidayDay(day, holiday) : day;
  };
  const disabledDays: Matcher[] = [...(min ? [{ before: min }] : []), ...(max ? [{ after: max }] : [])];

  return (
    <DayPicker
      mode="single"
      locale={ja}
      selected={selected}
      // Japan's today, whatever the device's zone (the fields' days are Japan's: lib/format.ts).
      today={parse(todayInJapan(), HOLIDAY_KEY_FORMAT, new Date())}
      month={month}
      onMonthChange={onMonthChange}
      modifiers={{ sunday: { dayOfWeek: [0] }, saturday: { dayOfWeek: [6] }, holiday: isHoliday }}
      modifiersClassNames={DAY_CLASSES}
      labels={{ labelDayButton: dayLabel, labelGrid: monthCaption }}
      formatters={{ formatCaption: monthCaption }}
      footer={<MonthHolidays month={month} holidays={holidays} />}
      // Choosing the chosen day again keeps it (a field is cleared by the form, not by a click).
      required
      onSelect={onSelect}
      disabled={disabledDays}
      autoFocus
      style={calendarStyle}
    />
  );
}
