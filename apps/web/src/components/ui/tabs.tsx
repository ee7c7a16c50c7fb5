import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/hydrated';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      // Tabs wrap onto a second row rather than scroll: a fourth tab cut to 「配送」 on a phone hid its name.
      className={cn('inline-flex max-w-full flex-wrap items-center gap-x-1 border-b text-muted-foreground', className)}
      {...props}
    />
  );
}

/** Like a button, disabled until the app runs (decision 075): a tap before then would switch nothing. */
export function TabsTrigger({ className, disabled, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const hydrated = useHydrated();
  return (
    <TabsPrimitive.Trigger
      disabled={disabled || !hydrated}
      className={cn(
        '-mb-px inline-flex items-center justify-center whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-50 data-[state=active]:border-primary data-[state=active]:text-primary',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4', className)} {...props} />;
}
