/** The frame of a confirmation dialog: a question, a way back, and the action with its pending state. */
import { UI_TEXT } from '@logi/contract';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import type { RegisteredDialogProps } from './dialog-registry';

interface ConfirmDialogProps extends RegisteredDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** destructive for cancel and delete. */
  tone?: 'default' | 'destructive';
  pending: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  close,
  title,
  description,
  confirmLabel,
  cancelLabel = UI_TEXT.common.cancel,
  tone = 'default',
  pending,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    // While the call runs the dialog stays: closing it would hide the outcome.
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent hideClose={pending}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
