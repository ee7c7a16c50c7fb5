/**
 * /shipping-requests/applied-items: the requests the caller applied to, newest application
 * first, with the request's status and where the caller stands (選考中 / 承認されました /
 * 選ばれませんでした). Type tab, status and page live in the URL (?type=delivery&status=…&page=2)
 * so Back from a detail returns to the same view.
 */
import { DeliveryStatus, type TAppliedItemsQuery, type TRequestItem, type TRequestType, WarehouseStatus } from '@logi/contract';
import { APPLIED_ITEMS_TEXT as T } from '../../../texts/applied-items';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Label } from '../../../components/ui/label';
import { Pagination } from '../../../components/ui/pagination';
import { Select } from '../../../components/ui/select';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { formatDateTime, formatYen } from '../../../lib/format';
import { RequestRow } from '../../../components/request-item';
import { CandidacyBadge, candidacyOf } from './candidacy';
import { appliedItemsQuery } from './queries';

type TypeTab = 'all' | 'delivery' | 'warehouse';
const TYPE_OF: Record<Exclude<TypeTab, 'all'>, TRequestType> = { delivery: 'DELIVERY', warehouse: 'WAREHOUSE' };
const STATUSES = { delivery: DeliveryStatus, warehouse: WarehouseStatus } as const;
const ALL = 'all';

interface Filters {
  tab: TypeTab;
  status: string | null;
  page: number;
}

function readFilters(params: URLSearchParams): Filters {
  const type = params.get('type');
  const tab: TypeTab = type === 'delivery' || type === 'warehouse' ? type : 'all';
  const status = params.get('status');
  const valid = tab !== 'all' && status !== null && (STATUSES[tab].values as readonly string[]).includes(status);
  return { tab, status: valid ? status : null, page: Math.max(1, Number(params.get('page')) || 1) };
}

function toQuery({ tab, status, page }: Filters): Omit<TAppliedItemsQuery, 'limit'> {
  if (tab === 'all') return { page };
  const statuses = status ? [status as never] : undefined;
  return tab === 'delivery'
    ? { page, requestType: TYPE_OF[tab], deliveryStatus: statuses }
    : { page, requestType: TYPE_OF[tab], warehouseStatus: statuses };
}

/** The caller's application under the row's facts: where it stands, the price offered, when. */
function Application({ item }: { item: TRequestItem }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t pt-2 text-xs text-muted-foreground">
      <CandidacyBadge candidacy={candidacyOf(item)} />
      {item.candidate && (
        <>
          <span>
            {T.yourPrice} <span className="font-medium text-foreground">{formatYen(item.candidate.price)}</span>
          </span>
          <span>
            {T.appliedAt} {formatDateTime(item.candidate.createdAt)}
          </span>
        </>
      )}
    </div>
  );
}

function AppliedList({ filters, onPage, onClear }: { filters: Filters; onPage: (page: number) => void; onClear: () => void }) {
  const list = useQuery(appliedItemsQuery(toQuery(filters)));
  if (list.isPending) return <SkeletonRows rowClassName="h-28" />;
  if (list.isError) return <EmptyState />;
  if (list.data.data.length === 0) {
    const filtered = filters.tab !== 'all' || filters.status !== null;
    return (
      <EmptyState
        title={filtered ? T.emptyFiltered : T.empty}
        description={filtered ? T.emptyFilteredHint : T.emptyHint}
        action={
          filtered ? (
            <Button variant="outline" onClick={onClear}>
              {T.clearFilters}
            </Button>
          ) : (
            <Button asChild>
              <Link to="/shipping-requests/results">
                <Search aria-hidden />
                {T.findRequests}
              </Link>
            </Button>
          )
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {list.data.data.map((item) => (
          <li key={item.id}>
            <RequestRow
              item={item}
              to={`/shipping-requests/applied-items/detail/${item.id}`}
              showStatus
              extra={<Application item={item} />}
            />
          </li>
        ))}
      </ul>
      <Pagination meta={list.data.meta} onPageChange={onPage} />
    </div>
  );
}

export function AppliedItemsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const go = (next: Partial<Filters>) => {
    const merged = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.tab !== 'all') search.set('type', merged.tab);
    if (merged.tab !== 'all' && merged.status) search.set('status', merged.status);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  const statusEnum = filters.tab === 'all' ? null : STATUSES[filters.tab];

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold sm:text-2xl">{T.title}</h1>
        <p className="text-sm text-muted-foreground">{T.description}</p>
      </div>
      <Tabs
        value={filters.tab}
        onValueChange={(tab) => go({ tab: tab as TypeTab, status: null })}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <TabsList aria-label={T.typeFilter} className="self-start">
            <TabsTrigger value="all">{T.typeTabs.all}</TabsTrigger>
            <TabsTrigger value="delivery">{T.typeTabs.DELIVERY}</TabsTrigger>
            <TabsTrigger value="warehouse">{T.typeTabs.WAREHOUSE}</TabsTrigger>
          </TabsList>
          {statusEnum && (
            <div className="flex flex-col gap-1.5 sm:w-56">
              <Label htmlFor="applied-status">{T.statusFilter}</Label>
              <Select
                value={filters.status ?? ALL}
                options={[
                  { value: ALL, label: T.allStatuses },
                  ...statusEnum.values.map((value) => ({ value, label: (statusEnum.labels as Record<string, string>)[value]! })),
                ]}
                onValueChange={(value) => go({ status: value === ALL ? null : value })}
                triggerProps={{ id: 'applied-status' }}
              />
            </div>
          )}
        </div>
        <TabsContent value={filters.tab} className="mt-0!">
          <AppliedList filters={filters} onPage={(page) => go({ page })} onClear={() => go({ tab: 'all', status: null })} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
