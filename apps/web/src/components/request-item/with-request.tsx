/** What the customer's pages about one request share: the way back to the list, and loading the request. */
import { type TRequestItemDetail } from '@logi/contract';
import { MY_ITEMS_TEXT } from '../../texts/my-items';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { SkeletonRows } from '../ui/skeleton';
import { requestItemQuery } from '../../lib/request-item-queries';
import { myItemsPath } from '../../lib/request-paths';

const T = MY_ITEMS_TEXT.detail;

export const BackToMyItems = () => (
  <Button asChild variant="ghost" size="sm" className="self-start">
    <Link to={myItemsPath}>
      <ArrowLeft aria-hidden />
      {T.backToList}
    </Link>
  </Button>
);

/** Loads the customer's request `id`; renders the loading and not-found states itself. */
export function WithRequest({
  id,
  skeletonRowClassName = 'h-24',
  children,
}: {
  id: string;
  /** The height of the loading rows, close to what the page will show. */
  skeletonRowClassName?: string;
  children: (item: TRequestItemDetail) => ReactNode;
}) {
  // A missing request is said on the page, not toasted.
  const detail = useQuery({ ...requestItemQuery(id, 'CUSTOMER'), meta: { errorToast: false } });
  if (detail.isPending) return <SkeletonRows rows={4} rowClassName={skeletonRowClassName} />;
  if (detail.isError)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <BackToMyItems />
        <EmptyState titleAs="h1" title={T.notFound} description={detail.error.message} />
      </div>
    );
  return <>{children(detail.data)}</>;
}
