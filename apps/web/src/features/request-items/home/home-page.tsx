/** / : the driver request home — keyword search, quick filters, the newest requests (spec §2, §3). */
import { HOME_TEXT } from '../../../texts/request-items';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, PackagePlus, Search, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth-store';
import { RequestRow } from '../../../components/request-item';
import { DevLinks } from './dev-links';
import { QuickFilters } from './quick-filters';
import { topRequestsQuery } from './queries';

function KeywordSearch() {
  const navigate = useNavigate();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get('keyword') ?? '').trim();
    void navigate(`/shipping-requests/results${keyword ? `?${new URLSearchParams({ keyword })}` : ''}`);
  };
  return (
    // Submitted before the app runs (a painted page, decision 072), the browser goes where the app would.
    <form role="search" action="/shipping-requests/results" onSubmit={submit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {HOME_TEXT.keyword}
      </label>
      <Input
        id={id}
        name="keyword"
        type="search"
        placeholder={HOME_TEXT.keywordPlaceholder}
        maxLength={50}
        className="h-11 flex-1"
      />
      <Button type="submit" className="h-11">
        <Search aria-hidden className="size-4" />
        {HOME_TEXT.search}
      </Button>
    </form>
  );
}

function CustomerCallToAction() {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex flex-col gap-1">
        <h2 className="font-bold">{HOME_TEXT.customerCtaTitle}</h2>
        <p className="text-sm text-muted-foreground">{HOME_TEXT.customerCtaLead}</p>
      </div>
      <Button asChild size="lg">
        <Link to="/shipping-requests/create">
          <PackagePlus aria-hidden className="size-5" />
          {HOME_TEXT.customerCta}
        </Link>
      </Button>
    </section>
  );
}

function TopRequests({ signedIn }: { signedIn: boolean }) {
  const top = useQuery(topRequestsQuery(signedIn));
  return (
    <section aria-labelledby="top-requests" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="top-requests" className="text-lg font-bold">
          {HOME_TEXT.topRequests}
        </h2>
        <Link
          to="/shipping-requests/results"
          className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {HOME_TEXT.seeAll}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
      {top.isPending ? (
        <SkeletonRows rowClassName="h-24" />
      ) : top.isError || top.data.data.length === 0 ? (
        <EmptyState title={HOME_TEXT.noRequests} description={HOME_TEXT.noRequestsHint} />
      ) : (
        <ul className="grid gap-2 lg:grid-cols-2">
          {top.data.data.map((item) => (
            <li key={item.id}>
              <RequestRow item={item} to={`/shipping-requests/detail/${item.id}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HomePage() {
  const { isSignedIn, isCustomer } = useAuth();
  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl leading-tight font-bold sm:text-3xl">{HOME_TEXT.title}</h1>
          <p className="text-sm text-muted-foreground sm:text-base">{HOME_TEXT.lead}</p>
        </div>
        <KeywordSearch />
        <QuickFilters />
        <Link
          to="/shipping-requests/filter"
          className="inline-flex min-h-10 items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          {HOME_TEXT.detailedSearch}
        </Link>
      </section>
      {isCustomer && <CustomerCallToAction />}
      <TopRequests signedIn={isSignedIn} />
      <DevLinks />
    </div>
  );
}
