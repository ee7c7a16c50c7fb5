import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface PagePanelProps {
  title: ReactNode;
  description?: ReactNode;
  /** Form pages are narrow; registration forms use `wide`. */
  width?: 'narrow' | 'wide';
  className?: string;
  children?: ReactNode;
}

/** A page whose whole content is one card with an h1 (sign-in, sign-up, my page). */
export function PagePanel({ title, description, width = 'narrow', className, children }: PagePanelProps) {
  return (
    // The card's look, without the Card parts: this is in /sign-in's first load.
    <div
      className={cn(
        'mx-auto flex w-full flex-col gap-5 rounded-lg border bg-card p-4 text-card-foreground shadow-xs sm:p-6',
        width === 'narrow' ? 'max-w-md' : 'max-w-3xl',
        className,
      )}
    >
      <div className="flex flex-col gap-1.5">
        <h1 className="text-xl leading-snug font-bold sm:text-2xl">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </div>
  );
}

/** A message box inside a page (an error from the server, a notice). */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'error' && 'border-destructive/40 bg-destructive/10 text-destructive',
        tone === 'success' && 'border-primary/30 bg-primary/5 text-foreground',
        tone === 'info' && 'bg-muted text-foreground',
      )}
    >
      {children}
    </div>
  );
}
