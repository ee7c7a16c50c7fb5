import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** A visible "working on it" line (a link being checked). */
export function PendingLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner label={null} />
      {children}
    </p>
  );
}
