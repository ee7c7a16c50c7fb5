import { SearchQuickFilter, VehicleType } from '@logi/contract';
import { HOME_TEXT } from '../../../texts/request-items';
import { CalendarClock, Sparkles, Truck, Warehouse } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const results = (search: string) => `/shipping-requests/results?${search}`;

const QUICK: { to: string; label: string; icon: ReactNode }[] = [
  { to: results('isNearDate=true'), label: SearchQuickFilter.labels.NEAR_DATE, icon: <CalendarClock aria-hidden /> },
  { to: results('isNewArrival=true'), label: SearchQuickFilter.labels.NEW_ARRIVAL, icon: <Sparkles aria-hidden /> },
  { to: results('isWarehouse=true'), label: SearchQuickFilter.labels.WAREHOUSE, icon: <Warehouse aria-hidden /> },
];

const chip =
  'inline-flex min-h-10 items-center gap-2 rounded-full border bg-card px-4 text-sm font-medium shadow-xs transition-colors hover:border-primary/40 hover:bg-accent [&_svg]:size-4 [&_svg]:text-primary';

/** The quick filters of spec §3 (near pickup date, new arrival, warehouse, each vehicle type) as links into results. */
export function QuickFilters() {
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="quick-filters" className="flex flex-col gap-2">
        <h2 id="quick-filters" className="text-sm font-bold text-muted-foreground">
          {HOME_TEXT.quickFilters}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {QUICK.map((q) => (
            <li key={q.to}>
              <Link to={q.to} className={chip}>
                {q.icon}
                {q.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="vehicle-filters" className="flex flex-col gap-2">
        <h2 id="vehicle-filters" className="text-sm font-bold text-muted-foreground">
          {HOME_TEXT.vehicleFilters}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {VehicleType.values.map((v) => (
            <li key={v}>
              <Link to={results(`vehicleType=${v}`)} className={chip}>
                <Truck aria-hidden />
                {VehicleType.labels[v]}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
