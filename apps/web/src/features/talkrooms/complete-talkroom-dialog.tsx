/**
 * The complete-talkroom dialog (spec §2 modal id), opened by id through the dialog registry
 * (app/dialogs.ts) in two variants:
 * - driver: the approved driver confirms receipt → PATCH /request-items/confirm-receive/{id};
 * - customer: the owner ends the talkroom → PATCH /request-items/talkrooms/{talkroomId}/inactivate.
 * Either toasts the server's message (ステータスを更新しました) and refreshes every request-item
 * query (lists, details, talkrooms, messages) so the screen behind shows the new state. A
 * refusal is toasted by the query client; the dialog closes either way.
 */
import { SUCCESS_MESSAGES, UI_TEXT, requestLifecycleRoutes } from '@logi/contract';
import { COMPLETE_TALKROOM_TEXT } from '../../texts/talkroom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import type { RegisteredDialogProps } from '../../components/ui/dialog-registry';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { REQUEST_ITEMS_KEY } from '../../lib/request-item-queries';
import type { MeetingParty } from './meeting';

export interface CompleteTalkroomProps {
  variant: MeetingParty;
  requestItemId: string;
  /** The approved driver's talkroom (the customer variant closes it). */
  talkroomId: string;
}

declare module '../../components/ui/dialog-registry' {
  interface ModalPropsMap {
    'complete-talkroom': CompleteTalkroomProps;
  }
}

export function CompleteTalkroomDialog({
  variant,
  requestItemId,
  talkroomId,
  open,
  onOpenChange,
  close,
}: RegisteredDialogProps & CompleteTalkroomProps) {
  const queryClient = useQueryClient();
  const text = COMPLETE_TALKROOM_TEXT[variant];
  const complete = useMutation({
    mutationFn: () =>
      variant === 'driver'
        ? api.call(requestLifecycleRoutes.confirmReceive, { params: { requestItemId } })
        : api.call(requestLifecycleRoutes.inactivateTalkroom, { params: { id: talkroomId } }),
    onSuccess: ({ message }) => toast.success(message || SUCCESS_MESSAGES.statusUpdated),
    onSettled: async () => {
      close();
      await queryClient.invalidateQueries({ queryKey: REQUEST_ITEMS_KEY });
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !complete.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <p className="rounded-md bg-muted px-3 py-2 text-sm">{text.note}</p>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={complete.isPending}>
            {UI_TEXT.common.cancel}
          </Button>
          <Button onClick={() => complete.mutate()} loading={complete.isPending}>
            {text.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
