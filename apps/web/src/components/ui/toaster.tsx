/**
 * The one toast outlet of the app (mounted by the app providers). Show toasts with
 * `toast.success(...)` / `toast.error(...)` from lib/toast. sonner itself is fetched
 * when the first toast is shown or once the page is idle, whichever comes first.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { onToastDemand } from '../../lib/toast';

const ToasterOutlet = lazy(() => import('./toaster-outlet'));

export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const unsubscribe = onToastDemand(() => setWanted(true));
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => setWanted(true), { timeout: 3000 })
      : window.setTimeout(() => setWanted(true), 1500);
    return () => {
      unsubscribe();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterOutlet />
    </Suspense>
  );
}

export { toast } from '../../lib/toast';
