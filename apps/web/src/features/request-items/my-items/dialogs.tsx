/**
 * The customer's confirmations, opened by modal id (spec §2) through the dialog
 * registry (app/dialogs.ts): confirm-cancel-delivery, delete-delivery-request-by-owner
 * and confirm-complete-delivery (approving a candidate is in features/candidates). Each one makes
 * its call, shows the outcome and moves on as spec §2 "Navigation after actions" says.
 */
import { CLIENT_MESSAGES, SUCCESS_MESSAGES, type TRequestType } from '@logi/contract';
import { MY_ITEMS_TEXT } from '../../../texts/my-items';
import { useLocation, useNavigate } from 'react-router';
import type { RegisteredDialogProps } from '../../../components/ui/dialog-registry';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useApproveCompletion, useCancelRequest, useDeleteRequest } from './queries';
import { myItemPath, myItemsPath } from '../../../lib/request-paths';

interface RequestRef {
  requestItemId: string;
  requestType: TRequestType;
}

declare module '../../../components/ui/dialog-registry' {
  interface ModalPropsMap {
    'confirm-cancel-delivery': RequestRef;
    'delete-delivery-request-by-owner': RequestRef;
    'confirm-complete-delivery': CompletionRef;
  }
}

/** A cold load's report with a reading out of range asks the customer to check first (decision 064). */
interface CompletionRef {
  requestItemId: string;
  temperatureOutOfRange?: boolean;
}

const T = MY_ITEMS_TEXT.dialogs;

export function CancelRequestDialog({ requestItemId, requestType, ...dialog }: RegisteredDialogProps & RequestRef) {
  const cancel = useCancelRequest();
  const confirm = () =>
    cancel.mutate(requestItemId, {
      onSuccess: () => {
        toast.success(requestType === 'DELIVERY' ? SUCCESS_MESSAGES.deliveryCancelled : SUCCESS_MESSAGES.requestCancelled);
        dialog.close();
      },
      onError: () => dialog.close(),
    });
  return (
    <ConfirmDialog
      {...dialog}
      title={T.cancel.title}
      description={T.cancel.description}
      confirmLabel={T.cancel.confirm}
      cancelLabel={T.cancel.keep}
      tone="destructive"
      pending={cancel.isPending}
      onConfirm={confirm}
    />
  );
}

/** Delete by the owner; then the customer's list (spec §2). Messages: docs/decisions/019. */
export function DeleteRequestByOwnerDialog({ requestItemId, requestType, ...dialog }: RegisteredDialogProps & RequestRef) {
  const navigate = useNavigate();
  const remove = useDeleteRequest();
  const isDelivery = requestType === 'DELIVERY';
  const confirm = () =>
    remove.mutate(requestItemId, {
      onSuccess: () => {
        toast.success(isDelivery ? SUCCESS_MESSAGES.deliveryDeleted : SUCCESS_MESSAGES.requestDeleted);
        dialog.close();
        void navigate(myItemsPath);
      },
      onError: (error) => {
        toast.error(isDelivery ? CLIENT_MESSAGES.deliveryDeleteFailed : errorMessage(error));
        dialog.close();
      },
    });
  return (
    <ConfirmDialog
      {...dialog}
      title={T.delete.title}
      description={T.delete.description}
      confirmLabel={T.delete.confirm}
      tone="destructive"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

/** Approve the driver's delivery report; the item becomes COMPLETED and the detail page shows it (spec §2). */
export function CompleteDeliveryDialog({
  requestItemId,
  temperatureOutOfRange = false,
  ...dialog
}: RegisteredDialogProps & CompletionRef) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const complete = useApproveCompletion();
  const confirm = () =>
    complete.mutate(requestItemId, {
      onSuccess: () => {
        toast.success(SUCCESS_MESSAGES.completionApproved);
        dialog.close();
        if (pathname !== myItemPath(requestItemId)) void navigate(myItemPath(requestItemId));
      },
      onError: () => dialog.close(),
    });
  return (
    <ConfirmDialog
      {...dialog}
      title={T.complete.title}
      description={temperatureOutOfRange ? `${T.complete.description}${T.complete.temperatureWarning}` : T.complete.description}
      confirmLabel={T.complete.confirm}
      pending={complete.isPending}
      onConfirm={confirm}
    />
  );
}
