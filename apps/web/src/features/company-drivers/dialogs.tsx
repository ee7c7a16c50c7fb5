/**
 * The driver manager's dialogs, opened by modal id (spec §2) through the dialog registry:
 * invite-driver (an e-mail address; 有効なメールアドレスを入力してください, spec §5) and
 * remove-driver-confirm (spec §4: the agree box unlocks only once the notice has been
 * scrolled to its end, and the delete button waits for the agree box; confirm removes,
 * refreshes the company's driver list, then closes).
 */
import { UI_TEXT, ZDriverInviteBody } from '@logi/contract';
import { MANAGER_DRIVERS_TEXT as T } from '../../texts/manager-drivers';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, FormInput, applyFieldErrors, useFormBusy, useZodForm } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import type { RegisteredDialogProps } from '../../components/ui/dialog-registry';
import { Label } from '../../components/ui/label';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useInviteDriver, useRemoveDriver } from './queries';

declare module '../../components/ui/dialog-registry' {
  interface ModalPropsMap {
    'remove-driver-confirm': { driverId: string; driverName: string };
  }
}

function InviteSubmit() {
  const busy = useFormBusy();
  return (
    <Button type="submit" loading={busy}>
      {T.inviteDialog.submit}
    </Button>
  );
}

export function InviteDriverDialog({ open, onOpenChange, close }: RegisteredDialogProps) {
  const form = useZodForm(ZDriverInviteBody, { defaultValues: { email: '' } });
  const invite = useInviteDriver();
  const submit = async ({ email }: { email: string }) => {
    try {
      const { message } = await invite.mutateAsync(email);
      toast.success(message);
      close();
    } catch (error) {
      // 400 lands under the field; 401 (already a driver, another account, removed) is about the address too.
      const details = error instanceof ApiError ? error.details : undefined;
      if (!applyFieldErrors(form, details)) form.setError('email', { type: 'server', message: errorMessage(error) });
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !invite.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.inviteDialog.title}</DialogTitle>
          <DialogDescription>{T.inviteDialog.description}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} aria-label={T.inviteDialog.title}>
          <FormInput name="email" type="email" autoComplete="off" required label={T.inviteDialog.email} />
          <DialogFooter className="col-span-12">
            <Button type="button" variant="outline" onClick={close} disabled={invite.isPending}>
              {UI_TEXT.common.cancel}
            </Button>
            <InviteSubmit />
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** True once the element has been scrolled to its end (or needs no scrolling at all). */
function useScrolledToEnd<E extends HTMLElement>() {
  const ref = useRef<E | null>(null);
  const [atEnd, setAtEnd] = useState(false);
  const check = () => {
    const el = ref.current;
    // One pixel of slack: zoomed layouts round scroll positions.
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - 1) setAtEnd(true);
  };
  useEffect(check, []);
  return { ref, atEnd, onScroll: check };
}

export function RemoveDriverDialog({
  open,
  onOpenChange,
  close,
  driverId,
  driverName,
}: RegisteredDialogProps & { driverId: string; driverName: string }) {
  const remove = useRemoveDriver();
  const notice = useScrolledToEnd<HTMLDivElement>();
  const [agreed, setAgreed] = useState(false);
  const noticeId = useId();
  const agreeId = useId();
  const confirm = () =>
    remove.mutate(driverId, {
      // The list is refetched (the mutation awaits it) before the dialog closes.
      onSuccess: ({ message }) => {
        toast.success(message);
        close();
      },
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent hideClose={remove.isPending}>
        <DialogHeader>
          <DialogTitle>{T.removeDialog.title}</DialogTitle>
          <DialogDescription>{T.removeDialog.description(driverName)}</DialogDescription>
        </DialogHeader>
        <div
          ref={notice.ref}
          onScroll={notice.onScroll}
          id={noticeId}
          role="region"
          aria-label={T.removeDialog.noticeLabel}
          tabIndex={0}
          data-testid="remove-driver-notice"
          className="max-h-32 overflow-y-auto rounded-md border bg-muted/40 px-4 py-3 text-sm leading-relaxed focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ul className="flex list-disc flex-col gap-2 pl-4">
            {T.removeDialog.notice.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        {!notice.atEnd && <p className="text-xs text-muted-foreground">{T.removeDialog.scrollHint}</p>}
        <div className="flex items-center gap-2">
          <Checkbox
            id={agreeId}
            checked={agreed}
            disabled={!notice.atEnd || remove.isPending}
            onCheckedChange={(value) => setAgreed(value === true)}
            aria-describedby={noticeId}
          />
          <Label htmlFor={agreeId} className={notice.atEnd ? undefined : 'text-muted-foreground'}>
            {T.removeDialog.agree}
          </Label>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            {UI_TEXT.common.cancel}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={!agreed} loading={remove.isPending}>
            {T.removeDialog.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
