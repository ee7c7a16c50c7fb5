import { UI_TEXT } from '@logi/contract';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useCountBottomActions } from './bottom-actions';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the × button (for confirmations that must be answered with a button). */
  hideClose?: boolean;
  /** Maximum width: sm 24rem, md 32rem (default), lg 42rem, xl 56rem. */
  size?: keyof typeof WIDTHS;
}

/** Mounted only while the dialog's content is (Radix renders Content's children when open). */
function CountedOpen() {
  useCountBottomActions('dialog');
  return null;
}

export function DialogContent({ className, children, hideClose, size = 'md', ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn(
          WIDTHS[size],
          // Centred 3rem low and never within 7rem of the top: the toasts shown while a dialog is open
          // sit in that band (toaster-outlet.tsx), clear of its title and × (issue 43 item 20).
          'fixed left-1/2 top-[calc(50%+3rem)] z-50 grid max-h-[calc(100dvh-8rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-lg outline-none',
          className,
        )}
        {...props}
      >
        <CountedOpen />
        {children}
        {!hideClose && (
          <DialogPrimitive.Close className="absolute right-3 top-3 rounded-sm p-1 text-muted-foreground hover:text-foreground">
            <X aria-hidden className="size-4" />
            <span className="sr-only">{UI_TEXT.common.close}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-bold leading-snug', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
