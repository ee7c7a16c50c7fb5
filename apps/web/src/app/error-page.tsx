import { UI_TEXT } from '@logi/contract';
import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';

/** A page that failed to render or whose code failed to load (e.g. after a deploy): offer a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <EmptyState
        titleAs="h1"
        icon={<TriangleAlert aria-hidden />}
        title={UI_TEXT.errorPage.title}
        description={UI_TEXT.errorPage.description}
        action={<Button onClick={() => window.location.reload()}>{UI_TEXT.common.retry}</Button>}
      />
    </div>
  );
}
