import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses, readOnlyClasses } from './input';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClasses, readOnlyClasses, 'min-h-20 py-2', className)} {...props} />;
}
