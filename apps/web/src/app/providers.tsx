import { type ReactNode, StrictMode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { HydrationBoundary } from '../lib/hydrated';

/**
 * App-wide providers above the router. Deliberately thin: TanStack Query is
 * provided per route (router.tsx) and tooltips per region (TooltipProvider), so
 * the first page loads neither unless it needs them.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

/**
 * The app's root around its router: what main.tsx renders in the browser and what the build
 * paints (prerender.tsx). One definition, because hydration needs the two trees to be the same.
 * `painted`: the tree takes over (or is) the HTML the server painted.
 */
export function AppRoot({ painted = false, children }: { painted?: boolean; children: ReactNode }) {
  return (
    <StrictMode>
      <HydrationBoundary painted={painted}>
        <Providers>{children}</Providers>
      </HydrationBoundary>
    </StrictMode>
  );
}
