/**
 * Whether the app runs this page yet. A page the server sent already painted (decisions 072, 075)
 * is shown before its code arrives; while React takes it over this is false, as in the painted
 * HTML, then true. What only the app can do (a form's fields and submit, the header's bell and
 * menu) waits until then. Rendered without the painted HTML, it is true from the start.
 */
import { type ReactNode, createContext, startTransition, use, useEffect, useState } from 'react';

const Hydrated = createContext(true);

/**
 * Above the app. `painted`: React takes over (or the server paints) HTML drawn before the app ran.
 * The switch to true is a transition once the takeover is committed, so the parts it brings to
 * life render in slices between the browser's own work, not in one long task right after the
 * takeover (a store read with a server snapshot re-renders synchronously there: issue 15).
 */
export function HydrationBoundary({ painted, children }: { painted: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!painted);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <Hydrated value={hydrated}>{children}</Hydrated>;
}

export const useHydrated = (): boolean => use(Hydrated);
