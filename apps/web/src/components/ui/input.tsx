import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Shared look of text-like controls (input, textarea, select trigger). */
export const controlClasses =
  'w-full rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted aria-invalid:border-destructive sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, 'h-10 py-2', className)} {...props} />;
}
