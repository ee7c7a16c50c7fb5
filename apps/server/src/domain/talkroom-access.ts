/**
 * Who takes part in a talkroom (docs/decisions/013-applying-candidates-talkrooms.md):
 * the request's owner (signed in as the customer) and the applicant the talkroom
 * belongs to (signed in as a driver or driver manager) read and write, and so does the
 * driver a manager assigned to its approved job in that room; the admin reads;
 * anyone else does not learn that it exists.
 */
import type { TRole } from '@logi/contract';
import { type ItemParties, carrierOf } from './request-lifecycle';

export type TalkroomPart = 'OWNER' | 'APPLICANT' | 'ADMIN';

export function talkroomPart(
  item: ItemParties,
  talkroom: { appliedUserId: string },
  caller: { userId: string; role: TRole },
): TalkroomPart | null {
  if (caller.role === 'ADMIN') return 'ADMIN';
  if (caller.role === 'CUSTOMER' && item.creatorId === caller.userId) return 'OWNER';
  if (caller.role !== 'DRIVER' && caller.role !== 'DRIVER_MANAGER') return null;
  if (talkroom.appliedUserId === caller.userId) return 'APPLICANT';
  // The driver a manager assigned to the job speaks in the approved applicant's room.
  if (isApprovedRoom(item, talkroom) && carrierOf(item) === caller.userId) return 'APPLICANT';
  return null;
}

/** The approved applicant's room, where the job is arranged. */
export const isApprovedRoom = (item: ItemParties, talkroom: { appliedUserId: string }) =>
  item.receiverId !== null && talkroom.appliedUserId === item.receiverId;

/** Everyone who takes part in a room: the owner, its applicant and, in the approved room, the assigned driver. */
export function talkroomParticipants(item: ItemParties, talkroom: { appliedUserId: string }): string[] {
  const carrier = isApprovedRoom(item, talkroom) ? carrierOf(item) : null;
  return [...new Set([item.creatorId, talkroom.appliedUserId, ...(carrier ? [carrier] : [])])];
}

/** Parties write; the admin only reads. */
export const canWrite = (part: TalkroomPart | null): boolean => part === 'OWNER' || part === 'APPLICANT';

/**
 * The role a message's sender speaks in: the request's owner is the customer; an
 * applicant with a parent account is a driver, without one a driver manager.
 */
export function senderRole(item: { creatorId: string }, sender: { id: string; parentId: string | null }): TRole {
  if (sender.id === item.creatorId) return 'CUSTOMER';
  return sender.parentId ? 'DRIVER' : 'DRIVER_MANAGER';
}
