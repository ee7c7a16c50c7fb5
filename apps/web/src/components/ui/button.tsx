import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/hydrated';
import { Spinner } from './spinner';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/70',
        outline: 'border border-input bg-card hover:bg-accent hover:text-accent-foreground',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive-hover',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Render the child element (a link) with button styles instead of a <button>. */
  asChild?: boolean;
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
}

/**
 * A <button> of no style of its own. On a page the server painted (decisions 072, 075) a button
 * does nothing until the app runs: it says so by being disabled, instead of swallowing a tap (seen
 * in CI: a shipper's first tap on 完了報告を承認 opened nothing). `Button` styles it; a button
 * drawn by hand outside a form (a filter chip, a file in a talkroom) is one too.
 */
export function PlainButton({ disabled, type, ...props }: ComponentProps<'button'>) {
  const hydrated = useHydrated();
  return <button type={type ?? 'button'} disabled={disabled || !hydrated} {...props} />;
}

/** A styled button; a link (`asChild`) works without the app and stays as it is. */
export function Button({ className, variant, size, asChild, loading, disabled, children, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <PlainButton className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading && <Spinner label={null} />}
      {children}
    </PlainButton>
  );
}
