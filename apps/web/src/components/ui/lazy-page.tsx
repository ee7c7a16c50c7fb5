import { type ComponentType, Suspense, lazy } from 'react';
import { SkeletonRows } from './skeleton';

/**
 * A page of a screen group fetched only when it is opened, so that the group's other pages do
 * not load its code (the form field kinds weigh ~90 kB gzip: the results and detail pages need
 * none of them, the filter and price-estimation pages do).
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  function LazyPage() {
    return (
      <Suspense fallback={<SkeletonRows rows={4} className="mx-auto w-full max-w-3xl" rowClassName="h-16" />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
