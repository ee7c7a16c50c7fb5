import { type ReactNode, StrictMode } from 'react';
import { Toaster } from '../components/ui/toaster';

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
 */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <Providers>{children}</Providers>
    </StrictMode>
  );
}
