/**
 * The paths of a customer's own requests and their candidates (spec §2), and the delivery /
 * warehouse branch in them: shared by the request-items and candidates features, which link to
 * each other's pages but may not import each other.
 */
import type { TRequestItemDetail, TRequestType } from '@logi/contract';

export type RequestTypeSlug = 'delivery' | 'warehouse';

export const slugOf = (type: TRequestType): RequestTypeSlug => (type === 'DELIVERY' ? 'delivery' : 'warehouse');
export const typeOfSlug = (slug: string | undefined): TRequestType | undefined =>
  slug === 'delivery' ? 'DELIVERY' : slug === 'warehouse' ? 'WAREHOUSE' : undefined;

/** The approved applicant's talkroom (the owner's detail carries it once a candidate is approved). */
export const approvedTalkroom = (item: TRequestItemDetail) => (item.receiverId ? item.talkroom : null);

export const myItemsPath = '/shipping-requests/my-items';
export const myItemPath = (id: string) => `${myItemsPath}/detail/${id}`;
/** The candidates pages keep the delivery / warehouse branch they were opened on. */
export const candidatesPath = (id: string, slug?: RequestTypeSlug) => `${myItemPath(id)}/candidates${slug ? `/${slug}` : ''}`;
export const candidatePath = (id: string, candidateId: string, slug?: RequestTypeSlug) =>
  `${candidatesPath(id, slug)}/detail/${candidateId}`;
/** Spec §2: after approval, always the branch of the item's type. */
export const approvedPath = (id: string, type: TRequestType) => `${candidatesPath(id, slugOf(type))}/approved`;
export const talkroomPath = (id: string, talkroomId: string) => `/shipping-requests/detail/${id}/talkrooms/${talkroomId}`;
export const createRequestPath = '/shipping-requests/create';

/** A carrier's measured facts and reviews (decision 105). */
export const carrierProfilePath = (carrierId: string) => `/carriers/${carrierId}`;
