import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * Shared look of text-like controls (input, textarea, select and date-picker triggers). It has no
 * `read-only:` style: CSS :read-only also matches every button, which would grey out the triggers.
 */
export const controlClasses =
  'w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:text-sm';

/** A value the user cannot edit looks muted; only text fields can be read-only. */
export const readOnlyClasses = 'read-only:bg-muted';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, readOnlyClasses, 'h-10 py-2', className)} {...props} />;
}
