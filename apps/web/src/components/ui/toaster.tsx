/**
 * The one toast outlet of the app (mounted by the app providers). Show toasts with
 * `toast.success(...)` / `toast.error(...)` from lib/toast. sonner itself is fetched when the
 * first toast is shown, not when the page is idle: its module writes 15 kB of styles into the
 * page, some of them on <html>, and the whole page is restyled (50–60 ms on a slow phone),
 * which at idle fell within the page's start.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { onToastDemand } from '../../lib/toast';

const ToasterOutlet = lazy(() => import('./toaster-outlet'));

export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => (wanted ? undefined : onToastDemand(() => setWanted(true))), [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterOutlet />
    </Suspense>
  );
}

export { toast } from '../../lib/toast';
