/**
 * /shipping-requests/my-items: the customer's own requests, 配送依頼 and 倉庫依頼 tabs,
 * status filters, newest first (the server's order), 10 a page. Tab, filter and page
 * live in the URL (?type=warehouse&statuses=APPROVED,IN_PROGRESS&page=2) so that the
 * back button and a reload keep them.
 */
import {
  DeliveryStatus,
  RequestType,
  type TRequestStatus,
  type TRequestType,
  WarehouseStatus,
  STOP_TIMES_TEXT,
} from '@logi/contract';
import { CARRIER_REGISTER_TEXT } from '../../../texts/carrier-register';
import { MY_ITEMS_TEXT } from '../../../texts/my-items';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Copy, Plus, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { DELIVERY_IMPORT_TEXT } from '../../../texts/delivery-import';
import { REPEAT_TEXT } from '../../../texts/request-templates';
import { repeatPath } from './repeat-panel';
import { Button, PlainButton } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { RequestRow } from '../../../components/request-item';
import { myItemsQuery } from './queries';
import { createRequestPath, myItemPath, slugOf, typeOfSlug } from '../../../lib/request-paths';

const T = MY_ITEMS_TEXT.list;

/** The statuses each kind of request can be in, with that kind's labels. */
const STATUS_OPTIONS: Record<TRequestType, { value: TRequestStatus; label: string }[]> = {
  DELIVERY: DeliveryStatus.values.map((value) => ({ value, label: DeliveryStatus.labels[value] })),
  WAREHOUSE: WarehouseStatus.values.map((value) => ({ value, label: WarehouseStatus.labels[value] })),
};

interface ListState {
  type: TRequestType;
  statuses: TRequestStatus[];
  page: number;
}

function readState(params: URLSearchParams): ListState {
  const type = typeOfSlug(params.get('type') ?? undefined) ?? 'DELIVERY';
  const known = new Set(STATUS_OPTIONS[type].map((o) => o.value));
  const statuses = (params.get('statuses') ?? '').split(',').filter((s): s is TRequestStatus => known.has(s as TRequestStatus));
  return { type, statuses, page: Math.max(1, Number(params.get('page')) || 1) };
}

function writeState({ type, statuses, page }: ListState): URLSearchParams {
  const search = new URLSearchParams();
  if (type !== 'DELIVERY') search.set('type', slugOf(type));
  if (statuses.length) search.set('statuses', statuses.join(','));
  if (page > 1) search.set('page', String(page));
  return search;
}

function StatusFilter({ state, onChange }: { state: ListState; onChange: (statuses: TRequestStatus[]) => void }) {
  const chip = (pressed: boolean) =>
    cn(
      'h-8 rounded-full border px-3 text-sm font-medium transition-colors',
      pressed ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
    );
  const toggle = (value: TRequestStatus) =>
    onChange(state.statuses.includes(value) ? state.statuses.filter((s) => s !== value) : [...state.statuses, value]);
  return (
    <div role="group" aria-label={T.statusFilter} className="flex flex-wrap gap-2">
      <PlainButton
        aria-pressed={state.statuses.length === 0}
        className={chip(state.statuses.length === 0)}
        onClick={() => onChange([])}
      >
        {T.allStatuses}
      </PlainButton>
      {STATUS_OPTIONS[state.type].map((option) => {
        const pressed = state.statuses.includes(option.value);
        return (
          <PlainButton key={option.value} aria-pressed={pressed} className={chip(pressed)} onClick={() => toggle(option.value)}>
            {option.label}
          </PlainButton>
        );
      })}
    </div>
  );
}

const CreateButton = () => (
  <Button asChild>
    <Link to={createRequestPath}>
      <Plus aria-hidden className="size-4" />
      {T.create}
    </Link>
  </Button>
);

function MyItemList({ state, go }: { state: ListState; go: (next: Partial<ListState>) => void }) {
  const list = useQuery({ ...myItemsQuery(state.type, state.statuses, state.page), placeholderData: keepPreviousData });
  if (list.isPending) return <SkeletonRows rowClassName="h-28" />;
  if (list.isError) return <EmptyState />;
  if (list.data.data.length === 0) {
    return state.statuses.length ? (
      <EmptyState
        title={T.emptyFiltered}
        description={T.emptyFilteredDescription}
        action={
          <Button variant="outline" onClick={() => go({ statuses: [] })}>
            {T.clearFilter}
          </Button>
        }
      />
    ) : (
      <EmptyState title={T.empty} description={T.emptyDescription} action={<CreateButton />} />
    );
  }
  return (
    <div className={cn('flex flex-col gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
      <ul className="flex flex-col gap-3">
        {list.data.data.map((item) => (
          <li key={item.id}>
            <RequestRow
              item={item}
              to={myItemPath(item.id)}
              showStatus
              extra={
                item.numberOfCandidates !== undefined && (
                  <p
                    className={cn(
                      'flex items-center gap-1 text-sm font-medium',
                      item.numberOfCandidates > 0 ? 'text-primary' : 'text-muted-foreground',
                    )}
                  >
                    <Users aria-hidden className="size-4" />
                    {T.candidates(item.numberOfCandidates)}
                  </p>
                )
              }
            />
            <Link
              to={repeatPath(item.id, item.type)}
              className="mt-1 ml-1 inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
            >
              <Copy aria-hidden className="size-3.5" />
              {REPEAT_TEXT.repeat}
            </Link>
          </li>
        ))}
      </ul>
      <Pagination meta={list.data.meta} onPageChange={(page) => go({ page })} />
    </div>
  );
}

export function MyItemsPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  // A new tab or filter starts again at page 1.
  const go = (next: Partial<ListState>) => setParams(writeState({ ...state, page: 1, ...next }));

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-bold sm:text-2xl">{T.title}</h1>
          <p className="text-sm text-muted-foreground">{T.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/shipping-requests/my-items/stop-times">{STOP_TIMES_TEXT.report.openReport}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/carrier-register">{CARRIER_REGISTER_TEXT.openLink}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/shipping-requests/import">{DELIVERY_IMPORT_TEXT.openLink}</Link>
          </Button>
          <CreateButton />
        </div>
      </div>
      <Tabs value={state.type} onValueChange={(value) => go({ type: value as TRequestType, statuses: [] })}>
        <TabsList className="w-full sm:w-auto">
          {RequestType.values.map((type) => (
            <TabsTrigger key={type} value={type} className="flex-1 sm:flex-none">
              {T.tabs[type]}
            </TabsTrigger>
          ))}
        </TabsList>
        {RequestType.values.map((type) => (
          <TabsContent key={type} value={type} className="flex flex-col gap-4">
            {type === state.type && (
              <>
                <StatusFilter state={state} onChange={(statuses) => go({ statuses })} />
                <MyItemList state={state} go={go} />
              </>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
