/**
 * The month of a monthly page (the waiting-time report, the actual-carrier register), kept in the
 * URL as ?month=YYYY-MM; this month in Japan when absent, since the server counts Japan-time months.
 */
import { useSearchParams } from 'react-router';
import { Input } from './input';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** This month in Japan ('2026-11'). */
export const currentTokyoMonth = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7);

export function useMonthParam(): [month: string, setMonth: (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const given = params.get('month') ?? '';
  return [MONTH.test(given) ? given : currentTokyoMonth(), (month) => setParams({ month })];
}

export function MonthPicker({ label, month, onChange }: { label: string; month: string; onChange: (month: string) => void }) {
  return (
    <label className="flex items-center gap-2 self-start text-sm">
      {label}
      <Input type="month" value={month} onChange={(e) => e.target.value && onChange(e.target.value)} className="w-44" />
    </label>
  );
}
