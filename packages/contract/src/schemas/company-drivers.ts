/**
 * A driver manager's company: its drivers, their pending invitations and who carries
 * each approved job (spec §7 "drivers"; docs/decisions/030-carrier-company-drivers.md).
 */
import { z } from 'zod';
import { AccountStatus, RequestStatus, RequestType, Role } from '../enums/index';
import { ZPaginationQuery, iso, paginated, uuid } from './common';
import { ZRequestReceiver } from './request-items';

export const ZCompanyDriverIdParams = z.lazy(() => z.object({ driverId: uuid() }));
export const ZInvitationIdParams = z.lazy(() => z.object({ invitationId: uuid() }));

/** An approved or in-progress job a driver carries. */
export const ZDriverCurrentJob = z.lazy(() =>
  z.object({
    requestItemId: z.string(),
    type: RequestType.schema,
    status: RequestStatus.schema,
    /** The delivery's baggage name; null for a warehouse. */
    baggageName: z.string().nullable(),
    /** The first pickup of a delivery. */
    firstPickupAt: iso().nullable(),
  }),
);
export type TDriverCurrentJob = z.infer<typeof ZDriverCurrentJob>;

/** A driver of the caller's company (spec §3 "Driver list item") with the jobs it carries now. */
export const ZCompanyDriver = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    nameKana: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    note: z.string().nullable(),
    status: AccountStatus.schema,
    roles: z.array(Role.schema),
    company: z.object({ id: z.string(), name: z.string() }).nullable(),
    currentJobs: z.array(ZDriverCurrentJob),
    createdAt: iso(),
  }),
);
export type TCompanyDriver = z.infer<typeof ZCompanyDriver>;

export const ZCompanyDriverListQuery = z.lazy(() => ZPaginationQuery);
export type TCompanyDriverListQuery = z.infer<typeof ZCompanyDriverListQuery>;
export const ZCompanyDriverPage = z.lazy(() => paginated(ZCompanyDriver));
export type TCompanyDriverPage = z.infer<typeof ZCompanyDriverPage>;

/** An invitation mail whose link has not been used yet (expired ones too, so they can be resent). */
export const ZDriverInvitation = z.lazy(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    sentAt: iso(),
    expiresAt: iso(),
    isExpired: z.boolean(),
  }),
);
export type TDriverInvitation = z.infer<typeof ZDriverInvitation>;

export const ZDriverInvitationPage = z.lazy(() => paginated(ZDriverInvitation));
export type TDriverInvitationPage = z.infer<typeof ZDriverInvitationPage>;

export const ZInvitationResponse = z.lazy(() => z.object({ message: z.string(), invitation: ZDriverInvitation }));
export type TInvitationResponse = z.infer<typeof ZInvitationResponse>;

/** The driver who carries the job: one of the manager's drivers, or the manager's own id. */
export const ZAssignCarrierBody = z.lazy(() => z.object({ driverId: uuid() }));
export type TAssignCarrierBody = z.infer<typeof ZAssignCarrierBody>;

export const ZAssignCarrierResponse = z.lazy(() => z.object({ message: z.string(), carrier: ZRequestReceiver }));
export type TAssignCarrierResponse = z.infer<typeof ZAssignCarrierResponse>;
