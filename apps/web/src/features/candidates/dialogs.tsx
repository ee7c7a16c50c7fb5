/**
 * Approving a candidate (spec §2 modal approve-request-confirm), opened by modal id through the
 * dialog registry (app/dialogs.ts): the call, its outcome, then the approved page.
 */
import { REQUEST_ITEM_TEXT, type Charges, type TRequestType } from '@logi/contract';
import { MY_ITEMS_TEXT } from '../../texts/my-items';
import { useNavigate } from 'react-router';
import { ChargesBreakdown } from '../../components/request-item';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { RegisteredDialogProps } from '../../components/ui/dialog-registry';
import { formatYen } from '../../lib/format';
import { approvedPath } from '../../lib/request-paths';
import { toast } from '../../lib/toast';
import { useApproveCandidate } from './queries';

interface RequestRef {
  requestItemId: string;
  requestType: TRequestType;
}

declare module '../../components/ui/dialog-registry' {
  interface ModalPropsMap {
    'approve-request-confirm': RequestRef & ApproveProps;
  }
}

/** What approving agrees to pay (issue 43 item 18): a delivery's charges and total, or a warehouse's unit price. */
export type ApprovalAmount = { charges: Charges; hasIncidentalWork: boolean } | { perUnit: number };

interface ApproveProps {
  candidateId: string;
  candidateName: string;
  amount: ApprovalAmount;
}

const T = MY_ITEMS_TEXT.dialogs;

/** Approve one candidate; then the approved page of the item's type (spec §2). */
export function ApproveRequestDialog({
  requestItemId,
  requestType,
  candidateId,
  candidateName,
  amount,
  ...dialog
}: RegisteredDialogProps & RequestRef & ApproveProps) {
  const navigate = useNavigate();
  const approve = useApproveCandidate();
  const confirm = () =>
    approve.mutate(
      { candidateId, requestItemId },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          dialog.close();
          void navigate(approvedPath(requestItemId, requestType));
        },
        // The server's reason is toasted (query client); the list behind shows the new state.
        onError: () => dialog.close(),
      },
    );
  return (
    <ConfirmDialog
      {...dialog}
      title={T.approve.title}
      description={T.approve.description[requestType]}
      confirmLabel={T.approve.confirm}
      pending={approve.isPending}
      onConfirm={confirm}
    >
      <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium">{candidateName}</p>
      {'charges' in amount ? (
        <ChargesBreakdown charges={amount.charges} hasIncidentalWork={amount.hasIncidentalWork} />
      ) : (
        <p className="rounded-md bg-muted px-3 py-2 text-sm font-bold tabular-nums" data-testid="charges-total">
          {REQUEST_ITEM_TEXT.perUnit(formatYen(amount.perUnit))}
        </p>
      )}
    </ConfirmDialog>
  );
}
