/**
 * What both talkroom pages know about the room: the request as the caller sees it, the
 * room (meeting times, the applicant), the meeting state, who the other party is and where
 * the request's own page is. A pushed notification about this request (the other side's
 * meeting complete, a cancel …) refreshes it all without a reload.
 */
import { type TRequestItemDetail, type TTalkroom } from '@logi/contract';
import { TALKROOM_TEXT } from '../../texts/talkroom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-store';
import { useStreamEvent } from '../../lib/event-stream';
import { REQUEST_ITEMS_KEY, requestItemQuery, talkroomsQuery } from '../../lib/request-item-queries';
import { type MeetingState, meetingState } from './meeting';

export interface TalkroomView {
  item: TRequestItemDetail;
  room: TTalkroom;
  meeting: MeetingState;
  partner: string;
  /** The request's page for this viewer (my-items for the customer, applied-items for a carrier). */
  requestPath: string;
}

export function useTalkroom(requestItemId: string, talkroomId: string) {
  const { role, userId } = useAuth((s) => ({ role: s.role, userId: s.user.id }));
  const queryClient = useQueryClient();
  const item = useQuery(requestItemQuery(requestItemId, role));
  const rooms = useQuery(talkroomsQuery(requestItemId));
  useStreamEvent('notification', (notification) => {
    if (notification.link?.includes(requestItemId))
      void queryClient.invalidateQueries({ queryKey: [...REQUEST_ITEMS_KEY, requestItemId] });
  });

  const room = rooms.data?.data.find((r) => r.id === talkroomId);
  const isCustomer = role === 'CUSTOMER';
  let view: TalkroomView | undefined;
  if (item.data && room) {
    const customer = item.data.customer;
    view = {
      item: item.data,
      room,
      meeting: meetingState(item.data, room, { userId, role }),
      partner: isCustomer
        ? [room.applicant.companyName, room.applicant.name].filter(Boolean).join(' ')
        : customer && !item.data.isHidden
          ? customer.companyName
          : TALKROOM_TEXT.customerFallback,
      requestPath: isCustomer
        ? `/shipping-requests/my-items/detail/${requestItemId}`
        : `/shipping-requests/applied-items/detail/${requestItemId}`,
    };
  }
  return {
    view,
    isPending: item.isPending || rooms.isPending,
    /** The request or the room cannot be shown to this caller. */
    isMissing: item.isError || rooms.isError || (rooms.isSuccess && !room),
  };
}
