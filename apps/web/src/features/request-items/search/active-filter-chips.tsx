import { SEARCH_TEXT } from '../../../texts/request-items';
import { X } from 'lucide-react';
import { Button, PlainButton } from '../../../components/ui/button';
import { filterLabel } from './filter-labels';
import { type ActiveFilter, type SearchFilters, activeFilters } from './search-params';

interface ActiveFilterChipsProps {
  filters: SearchFilters;
  onRemove: (filter: ActiveFilter) => void;
  onClear: () => void;
}

/** The filters in force as chips, each removable (a button of at least 40 px on a phone). */
export function ActiveFilterChips({ filters, onRemove, onClear }: ActiveFilterChipsProps) {
  const active = activeFilters(filters);
  if (active.length === 0) return null;
  return (
    <section aria-label={SEARCH_TEXT.activeFilters} className="flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-2">
        {active.map((filter) => {
          const label = filterLabel(filter, filters);
          return (
            <li key={`${filter.field}:${filter.value ?? ''}`}>
              <PlainButton
                onClick={() => onRemove(filter)}
                aria-label={SEARCH_TEXT.removeFilter(label)}
                className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-primary/30 bg-primary/5 py-1 pr-2.5 pl-3.5 text-sm text-foreground transition-colors hover:bg-primary/10 sm:min-h-8"
              >
                {label}
                <X aria-hidden className="size-3.5 text-muted-foreground" />
              </PlainButton>
            </li>
          );
        })}
      </ul>
      <Button variant="link" size="sm" onClick={onClear} className="h-10 px-1 sm:h-8">
        {SEARCH_TEXT.clearFilters}
      </Button>
    </section>
  );
}
