import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/hydrated';
import { controlClasses } from './input';

/** One choice of a select. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<
  ComponentProps<typeof SelectPrimitive.Root>,
  'children' | 'open' | 'defaultOpen' | 'onValueChange'
> {
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** Shown while no option is chosen. */
  placeholder?: ReactNode;
  /** Props of the trigger, the control itself (id, aria, ref, class). */
  triggerProps?: ComponentProps<typeof SelectPrimitive.Trigger>;
  /** Before the chosen option in the trigger (the time picker's clock). */
  icon?: ReactNode;
  /** Caps the list height (the time picker uses 200 px, spec §9). */
  maxHeight?: number;
}

/**
 * A choice from a list (Radix Select). The list is mounted only while it is open, and the trigger
 * shows the chosen option's label itself: closed, Radix would render every option into a
 * detached fragment right after mount, which on the request form (four lists of 48 times) was a
 * task of some 200 ms on a phone. Like a button, it is disabled until the app runs (decision 075).
 */
export function Select({ options, placeholder, triggerProps, icon, maxHeight, value, onOpenChange, ...root }: SelectProps) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const chosen = options.find((option) => option.value === value);
  const label = <SelectPrimitive.Value placeholder={placeholder}>{chosen?.label}</SelectPrimitive.Value>;
  return (
    <SelectPrimitive.Root
      {...root}
      disabled={root.disabled || !hydrated}
      value={value}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        onOpenChange?.(next);
      }}
    >
      <SelectTrigger {...triggerProps}>
        {icon ? (
          <span className="flex items-center gap-2">
            {icon}
            {label}
          </span>
        ) : (
          label
        )}
      </SelectTrigger>
      {open && (
        <SelectContent maxHeight={maxHeight}>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      )}
    </SelectPrimitive.Root>
  );
}

function SelectTrigger({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        controlClasses,
        'flex h-10 items-center justify-between gap-2 py-2 text-left data-[placeholder]:text-muted-foreground [&>span]:truncate',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden className="size-4 opacity-60" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

function SelectContent({ children, maxHeight }: { children: ReactNode; maxHeight?: number }) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position="popper"
        className="relative z-50 w-(--radix-select-trigger-width) min-w-32 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md data-[side=bottom]:translate-y-1"
      >
        <SelectPrimitive.Viewport
          className="p-1"
          style={{ maxHeight: maxHeight ?? 'min(var(--radix-select-content-available-height), 20rem)' }}
        >
          {children}
        </SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full select-none items-center rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check aria-hidden className="size-4" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
