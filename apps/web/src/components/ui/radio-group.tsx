/**
 * Native radio buttons drawn as the design's circles, in a role="radiogroup". Native rather than
 * Radix: the browser already moves and chooses with the arrow keys within one `name`, and Radix
 * measured each item in a layout effect, forcing a layout and a second render of the form as it
 * came alive (decision 076).
 */
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function RadioGroup({ className, ...props }: ComponentProps<'div'>) {
  return <div role="radiogroup" className={cn('grid gap-3', className)} {...props} />;
}

export function RadioGroupItem({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <span className={cn('relative inline-flex size-5 shrink-0', className)}>
      <input
        type="radio"
        className="peer size-5 cursor-pointer appearance-none rounded-full border border-input bg-card transition-colors checked:border-primary disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
        {...props}
      />
      <span className="pointer-events-none absolute inset-[5px] hidden rounded-full bg-primary peer-checked:block" />
    </span>
  );
}
