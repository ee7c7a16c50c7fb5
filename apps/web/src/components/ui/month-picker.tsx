/**
 * The month of a monthly page (the waiting-time report, the actual-carrier register), kept in the
 * URL as ?month=YYYY-MM; this month in Japan when absent, since the server counts Japan-time months.
 * Shown as 2026年12月 with the months before and after a click away: a browser's own month
 * input wrote 「December 2026」 where its interface is not Japanese (issue 43 item 21).
 */
import { UI_TEXT } from '@logi/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate, formatYearMonth } from '../../lib/format';
import { Button } from './button';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** This month in Japan ('2026-11'). */
export const currentTokyoMonth = () => formatDate(new Date(), 'yyyy-MM');

export function useMonthParam(): [month: string, setMonth: (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const given = params.get('month') ?? '';
  return [MONTH.test(given) ? given : currentTokyoMonth(), (month) => setParams({ month })];
}

/** '2026-12' moved by `by` months: '2027-01' for +1. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function MonthPicker({ label, month, onChange }: { label: string; month: string; onChange: (month: string) => void }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="flex items-center gap-2 self-start text-sm">
      <span id={labelId}>{label}</span>
      <Button
        variant="outline"
        size="icon"
        aria-label={UI_TEXT.common.previousMonth}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <output aria-live="polite" className="min-w-24 text-center text-base font-bold tabular-nums whitespace-nowrap">
        {formatYearMonth(month)}
      </output>
      <Button variant="outline" size="icon" aria-label={UI_TEXT.common.nextMonth} onClick={() => onChange(shiftMonth(month, 1))}>
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}
