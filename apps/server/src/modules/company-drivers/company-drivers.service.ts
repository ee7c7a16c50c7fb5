/**
 * A driver manager runs its drivers (spec §7 "drivers"; DESIGN §5 "Carrier companies";
 * docs/decisions/030-carrier-company-drivers.md):
 *
 * - the company's drivers with their status and the jobs they carry now;
 * - removal of one of the manager's own drivers: soft (the account, its address and
 *   what it carried stay on record), refused while it holds an approved or in-progress
 *   job; its open applications are withdrawn and its sessions end;
 * - the pending invitations (sent with POST /auth/driver-invite): list, resend, revoke;
 * - who carries an approved delivery the manager won: one of its drivers or itself,
 *   changeable until the carrier confirms receipt at pickup; each change issues a new
 *   version of the 運送条件書 naming the driver (decision 084).
 *
 * Another company's driver, invitation or job answers 404, as if it did not exist.
 */
import {
  Role,
  SUCCESS_MESSAGES,
  paginationMeta,
  type TAssignCarrierResponse,
  type TCompanyDriver,
  type TCompanyDriverListQuery,
  type TCompanyDriverPage,
  type TDriverInvitation,
  type TDriverInvitationPage,
  type TInvitationResponse,
  type TMessageResponse,
  type TPaginationQuery,
} from '@logi/contract';
import { personName } from '../../domain/person-name';
import { carrierOf } from '../../domain/request-lifecycle';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { publishAccountsChanged } from '../../platform/realtime/bus';
import { consumeOneTimeToken } from '../../platform/tokens/one-time-tokens';
import { revokeUserSessions } from '../../platform/tokens/sessions';
import * as accounts from '../accounts/accounts.service';
import { withEvents } from '../notifications/notifications.service';
import { sendDriverInvite } from '../registration/registration.service';
import { loadLifecycleState, lockRequestItem } from '../request-items/request-items.access.service';
import { reissueForCarrier } from '../transport-conditions/transport-conditions.service';
import { closeTalkroomsOfCandidates } from '../talkrooms/talkrooms.service';
import * as repo from './company-drivers.repository';

const pageOf = (q: TPaginationQuery) => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

function toInvitation(row: repo.InvitationRow, now: Date): TDriverInvitation {
  return {
    id: row.id,
    email: row.email,
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isExpired: row.expiresAt <= now,
  };
}

const nameKanaOf = (u: { lastNameKana: string | null; firstNameKana: string | null }) =>
  [u.lastNameKana, u.firstNameKana].filter(Boolean).join(' ');

export function createCompanyDriversService(deps: Deps) {
  const { db, config } = deps;

  /** The manager's own driver, row-locked; 404 for anyone else's (or a removed one). */
  async function ownDriver(tx: typeof db, managerId: string, driverId: string) {
    const driver = await accounts.findUserById(tx, driverId, true);
    if (!driver || driver.parentId !== managerId) throw new AppError('DRIVER_NOT_FOUND');
    return driver;
  }

  return {
    async list(auth: AuthContext, q: TCompanyDriverListQuery): Promise<TCompanyDriverPage> {
      const { rows, total } = await repo.listDrivers(db, auth.userId, pageOf(q));
      const jobs = await repo.currentJobs(
        db,
        rows.map((r) => r.user.id),
      );
      const data = rows.map(({ user, company }): TCompanyDriver => ({
        id: user.id,
        name: personName(user, Role.labels.DRIVER),
        nameKana: nameKanaOf(user),
        email: user.email,
        phone: user.phone,
        note: user.note,
        status: user.status,
        roles: ['DRIVER'],
        company,
        currentJobs: jobs
          .filter((j) => j.carrierId === user.id)
          .map((j) => ({
            requestItemId: j.requestItemId,
            type: j.type,
            status: j.status,
            baggageName: j.baggageName,
            firstPickupAt: j.firstPickupAt?.toISOString() ?? null,
          })),
        createdAt: user.createdAt.toISOString(),
      }));
      return { meta: paginationMeta(q.page, q.limit, total), data };
    },

    async remove(auth: AuthContext, driverId: string): Promise<TMessageResponse> {
      await db.transaction(async (tx) => {
        // The driver's row lock: an assignment or approval of this driver waits for the removal, and sees it.
        const driver = await ownDriver(tx, auth.userId, driverId);
        if (await repo.holdsJobs(tx, driver.id)) throw new AppError('DRIVER_HAS_ACTIVE_JOBS');
        await closeTalkroomsOfCandidates(tx, await repo.withdrawApplications(tx, driver.id));
        await repo.removeUser(tx, driver.id);
        await revokeUserSessions(tx, [driver.id], 'REMOVED');
      });
      // Its open notification streams end.
      await publishAccountsChanged(deps.realtime, [driverId]);
      return { message: SUCCESS_MESSAGES.driverRemoved };
    },

    async invitations(auth: AuthContext, q: TPaginationQuery): Promise<TDriverInvitationPage> {
      const { rows, total } = await repo.listInvitations(db, auth.userId, pageOf(q));
      const now = new Date();
      return { meta: paginationMeta(q.page, q.limit, total), data: rows.map((r) => toInvitation(r, now)) };
    },

    /** A new link to the same address (the old one stops working), valid for the full period again. */
    async resendInvitation(auth: AuthContext, invitationId: string): Promise<TInvitationResponse> {
      const invitation = await db.transaction(async (tx) => {
        const old = await repo.findInvitation(tx, auth.userId, invitationId);
        if (!old) throw new AppError('INVITATION_NOT_FOUND');
        const id = await sendDriverInvite(tx, config.appUrl, auth.userId, old.email);
        return repo.findInvitation(tx, auth.userId, id);
      });
      deps.mailWritten();
      return { message: SUCCESS_MESSAGES.invitationResent, invitation: toInvitation(invitation!, new Date()) };
    },

    async revokeInvitation(auth: AuthContext, invitationId: string): Promise<TMessageResponse> {
      await db.transaction(async (tx) => {
        const invitation = await repo.findInvitation(tx, auth.userId, invitationId);
        if (!invitation) throw new AppError('INVITATION_NOT_FOUND');
        await consumeOneTimeToken(tx, invitation.id);
      });
      return { message: SUCCESS_MESSAGES.invitationRevoked };
    },

    /**
     * The manager's approved delivery is carried by `driverId` (one of its drivers, or its
     * own id). Changeable while the delivery is APPROVED and the carrier has not yet
     * confirmed receipt; the newly assigned driver is told.
     */
    async assignCarrier(auth: AuthContext, requestItemId: string, driverId: string): Promise<TAssignCarrierResponse> {
      return withEvents(deps, async (tx, emit) => {
        const item = await lockRequestItem(tx, requestItemId);
        if (item.receiverId !== auth.userId) throw new AppError('REQUEST_ITEM_NOT_FOUND');
        if (item.type !== 'DELIVERY') throw new AppError('REQUEST_TYPE_MISMATCH');
        const state = await loadLifecycleState(tx, item);
        if (item.status !== 'APPROVED' || state.driverMeetingCompleted) throw new AppError('CARRIER_NOT_ASSIGNABLE');
        const carrier =
          driverId === auth.userId ? await accounts.findUserById(tx, driverId) : await ownDriver(tx, auth.userId, driverId);
        if (!carrier) throw new AppError('DRIVER_NOT_FOUND');
        if (carrier.status !== 'ACTIVE') throw new AppError('DRIVER_INACTIVE');
        if (carrierOf(item) !== carrier.id) {
          await repo.setCarrier(tx, item.id, carrier.id);
          // The written conditions name who carries the load: a new version, the old one kept (decision 084).
          await reissueForCarrier(deps, tx, item.id);
          await emit({ type: 'DRIVER_ASSIGNED', requestItemId: item.id, managerId: auth.userId, driverId: carrier.id });
        }
        const company = carrier.companyId ? await accounts.findCompany(tx, carrier.companyId) : undefined;
        return {
          message: SUCCESS_MESSAGES.carrierAssigned,
          carrier: {
            id: carrier.id,
            name: personName(carrier, company?.name ?? Role.labels.DRIVER),
            phone: carrier.phone,
            companyName: company?.name ?? null,
          },
        };
      });
    },
  };
}

export type CompanyDriversService = ReturnType<typeof createCompanyDriversService>;
