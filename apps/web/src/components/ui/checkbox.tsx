/**
 * A native checkbox drawn as the design's box. Native rather than a Radix button: Radix measures
 * each box in a layout effect (its hidden form input's size), which forced a layout of the whole
 * page and a synchronous second render of the form as it came alive (decision 076).
 */
import { Check, Minus } from 'lucide-react';
import { type ComponentProps, type Ref, useCallback } from 'react';
import { cn } from '../../lib/cn';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> {
  /** 'indeterminate': some of a group chosen (the box shows a dash; read as "mixed"). */
  checked?: boolean | 'indeterminate';
  onCheckedChange?: (checked: boolean) => void;
}

export function Checkbox({ className, checked = false, onCheckedChange, ref, ...props }: CheckboxProps) {
  const indeterminate = checked === 'indeterminate';
  // `indeterminate` is a property of the element, not an attribute: set whenever it changes.
  const setRef = useCallback(
    (input: HTMLInputElement | null) => {
      if (input) input.indeterminate = indeterminate;
      assignRef(ref, input);
    },
    [indeterminate, ref],
  );
  return (
    <span className={cn('relative inline-flex size-5 shrink-0', className)}>
      <input
        type="checkbox"
        ref={setRef}
        checked={checked === true}
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        className="peer size-5 cursor-pointer appearance-none rounded-sm border border-input bg-card transition-colors checked:border-primary checked:bg-primary indeterminate:border-primary indeterminate:bg-primary disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
        {...props}
      />
      <Check
        aria-hidden
        className="pointer-events-none absolute inset-0.5 hidden size-4 text-primary-foreground peer-checked:block"
      />
      <Minus
        aria-hidden
        className="pointer-events-none absolute inset-0.5 hidden size-4 text-primary-foreground peer-indeterminate:block"
      />
    </span>
  );
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
