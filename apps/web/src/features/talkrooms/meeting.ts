/**
 * The meeting-complete step of a delivery (decision 004): the customer closes the approved
 * talkroom, the driver who carries the job confirms receipt; both, in either order, start the pickup
 * work. This says where a talkroom stands and whose press is still missing, so a screen
 * offers the action only to the party the server will accept it from.
 */
import type { TRequestItem, TRole, TTalkroom } from '@logi/contract';

export type MeetingParty = 'customer' | 'driver';

export interface MeetingState {
  /** The room is the approved driver's room of a delivery past approval: the step exists. */
  applies: boolean;
  customerDone: boolean;
  driverDone: boolean;
  /** The viewer's variant of the dialog when the viewer may still press, else null. */
  viewerMayComplete: MeetingParty | null;
}

interface Viewer {
  userId: string;
  role: TRole;
}

type Item = Pick<TRequestItem, 'type' | 'status' | 'creatorId' | 'receiverId' | 'carrierId'>;
type Room = Pick<TTalkroom, 'appliedUserId' | 'customerMeetingCompletedAt' | 'driverMeetingCompletedAt'>;

const CARRIERS: readonly TRole[] = ['DRIVER', 'DRIVER_MANAGER'];

export function meetingState(item: Item, room: Room, viewer: Viewer): MeetingState {
  const applies =
    item.type === 'DELIVERY' &&
    item.receiverId !== null &&
    room.appliedUserId === item.receiverId &&
    (item.status === 'APPROVED' || item.status === 'IN_PROGRESS' || item.status === 'COMPLETED');
  // Past APPROVED both sides have pressed, whatever the room's times say.
  const past = item.status === 'IN_PROGRESS' || item.status === 'COMPLETED';
  const customerDone = past || room.customerMeetingCompletedAt !== null;
  const driverDone = past || room.driverMeetingCompletedAt !== null;
  let viewerMayComplete: MeetingParty | null = null;
  if (applies && item.status === 'APPROVED') {
    if (viewer.role === 'CUSTOMER' && item.creatorId === viewer.userId && !customerDone) viewerMayComplete = 'customer';
    // Who carries the job confirms receipt: the approved applicant, or the driver its manager assigned.
    const carrier = item.carrierId ?? item.receiverId;
    if (CARRIERS.includes(viewer.role) && carrier === viewer.userId && !driverDone) viewerMayComplete = 'driver';
  }
  return { applies, customerDone, driverDone, viewerMayComplete };
}
