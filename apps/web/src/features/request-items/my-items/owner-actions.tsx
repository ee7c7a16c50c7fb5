/** The buttons of the actions the request's state allows its owner (request-state.ts); each opens its confirmation by modal id. */
import { SUCCESS_MESSAGES, type TRequestItemDetail } from '@logi/contract';
import { MY_ITEMS_TEXT } from '../../../texts/my-items';
import { CheckCircle2, Handshake, RotateCcw, Trash2, XCircle } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDialog } from '../../../components/ui/dialog-registry';
import { toast } from '../../../lib/toast';
import { useRepostRequest } from './queries';
import { approvedTalkroom, myItemPath } from '../../../lib/request-paths';
import { ownerActions } from './request-state';

const T = MY_ITEMS_TEXT.detail;

/** A request closed at its selection deadline: post it again in one click, or open the copy. */
function RepostAction({ item }: { item: TRequestItemDetail }) {
  const navigate = useNavigate();
  const repost = useRepostRequest();
  if (item.repostedAsId)
    return (
      <Button asChild variant="outline">
        <Link to={myItemPath(item.repostedAsId)}>{T.openRepost}</Link>
      </Button>
    );
  return (
    <Button
      loading={repost.isPending}
      onClick={() =>
        repost.mutate(item.id, {
          onSuccess: (copy) => {
            toast.success(SUCCESS_MESSAGES.requestReposted);
            void navigate(myItemPath(copy.id));
          },
        })
      }
    >
      <RotateCcw aria-hidden className="size-4" />
      {T.repost}
    </Button>
  );
}

/** The step the owner is asked to take now (shown in the "next step" card): meeting complete or approving the report. */
export function PrimaryActions({ item }: { item: TRequestItemDetail }) {
  const dialog = useDialog();
  const allowed = ownerActions(item);
  const talkroom = approvedTalkroom(item);
  if (item.selectionClosedAt) return <RepostAction item={item} />;
  if (allowed.approveCompletion)
    return (
      <Button
        onClick={() =>
          dialog.open('confirm-complete-delivery', {
            requestItemId: item.id,
            temperatureOutOfRange: item.deliveryItem?.isTemperatureOutOfRange ?? false,
          })
        }
      >
        <CheckCircle2 aria-hidden className="size-4" />
        {T.approveCompletion}
      </Button>
    );
  if (allowed.meetingComplete && talkroom)
    return (
      <Button
        onClick={() => dialog.open('complete-talkroom', { variant: 'customer', requestItemId: item.id, talkroomId: talkroom.id })}
      >
        <Handshake aria-hidden className="size-4" />
        {T.meetingComplete}
      </Button>
    );
  return null;
}

/** Cancel and delete, kept apart from the next step: they end the request. */
export function EndingActions({ item }: { item: TRequestItemDetail }) {
  const dialog = useDialog();
  const allowed = ownerActions(item);
  const ref = { requestItemId: item.id, requestType: item.type };
  if (!allowed.cancel && !allowed.delete) return null;
  return (
    <section aria-labelledby="owner-actions" className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-xs sm:p-5">
      <h2 id="owner-actions" className="text-base font-bold">
        {T.actionsHeading}
      </h2>
      {allowed.cancel && (
        <Button variant="outline" onClick={() => dialog.open('confirm-cancel-delivery', ref)}>
          <XCircle aria-hidden className="size-4" />
          {T.cancel}
        </Button>
      )}
      {allowed.delete && (
        <Button
          variant="ghost"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => dialog.open('delete-delivery-request-by-owner', ref)}
        >
          <Trash2 aria-hidden className="size-4" />
          {T.delete}
        </Button>
      )}
    </section>
  );
}
