/** /shipping-requests/results: the market list with the filters of the URL (spec §2, §5). */
import { type TPaginationMeta } from '@logi/contract';
import { SEARCH_TEXT } from '../../../texts/request-items';
import { useQuery } from '@tanstack/react-query';
import { SearchX, SlidersHorizontal } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth-store';
import { cn } from '../../../lib/cn';
import { RequestRow } from '../../../components/request-item';
import { ActiveFilterChips } from './active-filter-chips';
import { marketListQuery } from './queries';
import {
  type SearchFilters,
  activeFilters,
  filtersOf,
  queryFromSearchParams,
  searchParamsFromQuery,
  withoutFilter,
} from './search-params';

/** The server stops counting 50 pages ahead (decision 015) and says so. */
function totalText(meta: TPaginationMeta): string {
  return meta.totalCountIsLowerBound ? SEARCH_TEXT.countAtLeast(meta.totalCount) : SEARCH_TEXT.count(meta.totalCount);
}

export function ResultsPage() {
  const [params, setParams] = useSearchParams();
  const query = queryFromSearchParams(params);
  const filters = filtersOf(query);
  const signedIn = useAuth((s) => s.isSignedIn);
  const list = useQuery(marketListQuery(query, signedIn));
  const filtered = activeFilters(filters).length > 0;
  const filterLink = `/shipping-requests/filter?${searchParamsFromQuery(filters).toString()}`;

  const show = (next: SearchFilters, page = 1) => setParams(searchParamsFromQuery({ ...next, page }));

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold sm:text-2xl">{SEARCH_TEXT.resultsTitle}</h1>
        <Button asChild variant="outline">
          <Link to={filterLink}>
            <SlidersHorizontal aria-hidden className="size-4" />
            {SEARCH_TEXT.changeFilters}
          </Link>
        </Button>
      </div>
      <ActiveFilterChips filters={filters} onRemove={(f) => show(withoutFilter(filters, f))} onClear={() => show({})} />
      {list.isPending ? (
        <SkeletonRows rowClassName="h-24" />
      ) : list.isError ? (
        <EmptyState />
      ) : list.data.data.length === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden />}
          title={SEARCH_TEXT.emptyTitle}
          description={filtered ? SEARCH_TEXT.emptyFiltered : SEARCH_TEXT.emptyAll}
          action={
            filtered && (
              <div className="flex flex-wrap justify-center gap-2">
                <Button asChild variant="outline">
                  <Link to={filterLink}>{SEARCH_TEXT.changeFilters}</Link>
                </Button>
                <Button variant="ghost" onClick={() => show({})}>
                  {SEARCH_TEXT.clearFilters}
                </Button>
              </div>
            )
          }
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="result-count">
            {totalText(list.data.meta)}
          </p>
          <ul className={cn('flex flex-col gap-2 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
            {list.data.data.map((item) => (
              <li key={item.id}>
                <RequestRow item={item} to={`/shipping-requests/detail/${item.id}`} />
              </li>
            ))}
          </ul>
          <Pagination meta={list.data.meta} showTotal={false} onPageChange={(page) => show(filters, page)} />
        </>
      )}
    </div>
  );
}
