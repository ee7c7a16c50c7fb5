import type { ReactNode } from 'react';
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
