/**
 * Applying to request items and choosing among the applicants
 * (docs/decisions/013-applying-candidates-talkrooms.md).
 *
 * - Applying (a bid, or taking the listed price) creates the candidate and its
 *   talkroom once, however often or concurrently it is called: the unique index on
 *   (item, applicant) decides and ON CONFLICT answers the existing row. The item is
 *   share-locked, so an application waits for a running approval or cancel and then
 *   sees that matching has ended.
 * - Approving locks the item for update (decide: exactly one approval wins; the others
 *   get 400 CANDIDATE_ALREADY_APPROVED), with the partial unique index on approved
 *   candidates as the backstop. A delivery is APPROVED with the chosen applicant's
 *   talkroom still open; a warehouse is COMPLETED and its talkrooms close. The other
 *   applicants are NOT_CHOSEN and their talkrooms close (read-only: their history stays).
 */
import type {
  TCandidateSort,
  TCarrierTrust,
  TBidFareShare,
  TBidStandardFare,
  TApplyFixedPriceBody,
  TApplyResponse,
  TApproveCandidateBody,
  TApproveCandidateResponse,
  TCandidate,
  TCandidateListQuery,
  TCandidatePage,
  TLastMessage,
  TRequestPriceBody,
} from '@logi/contract';
import { Role, SUCCESS_MESSAGES, paginationMeta } from '@logi/contract';
import { type ApplicationKind, decideApplication } from '../../domain/applications';
import { personName } from '../../domain/person-name';
import { actorOf, carrierOf, decide } from '../../domain/request-lifecycle';
import type { Database } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import * as accounts from '../accounts/accounts.service';
import { type Emit, withEvents } from '../notifications/notifications.service';
import {
  canReadRequestItem,
  getRequestItemRow,
  loadLifecycleState,
  lockRequestItem,
  ownerDeliveryItem,
  ownerDeliveryItemOf,
  requestSubject,
  toTalkroom,
  type RequestItemRow,
  type TalkroomRow,
} from '../request-items/request-items.access.service';
import { carrierTrust, factsSince, trustOfFigures } from '../reviews/reviews.service';
import { type BidTerms, bidStandardFares } from '../standard-fares/standard-fares.service';
import { badgeDay, isCompanyVerified, verifiedCompanyIds } from '../carrier-verification/carrier-verification.service';
import { closeTalkrooms, findTalkroomsByCandidates, lastMessagesOf, openTalkroom } from '../talkrooms/talkrooms.service';
import { issueTransportConditions } from '../transport-conditions/transport-conditions.service';
import * as repo from './candidates.repository';

type Carrier = TCandidate['carrier'];

function toCandidate(
  row: repo.CandidateWithApplicant,
  talkroom: TalkroomRow | undefined,
  lastMessage: TLastMessage | undefined,
  carrier: Carrier,
  standardFare: TBidFareShare | null,
  carrierVerified: boolean,
  trust: TCarrierTrust,
): TCandidate {
  const { candidate: c, applicant: a, company } = row;
  return {
    id: c.id,
    requestItemId: c.requestItemId,
    applicantId: c.applicantId,
    name: personName(a, company?.name ?? Role.labels[a.parentId ? 'DRIVER' : 'DRIVER_MANAGER']),
    phone: a.phone,
    email: a.email,
    company: company ? { id: company.id, name: company.name, nameKana: company.nameKana } : null,
    note: a.note,
    price: c.price,
    incidentalCharge: c.incidentalCharge,
    fuelSurcharge: c.fuelSurcharge,
    distanceKm: c.distanceKm,
    standardFare,
    status: c.status,
    talkroom: talkroom ? toTalkroom(talkroom) : null,
    lastMessage: lastMessage ?? null,
    driverManagerId: c.driverManagerId,
    carrierVerified,
    carrier,
    trust,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The carrier a bid speaks for: the applicant's driver manager (its company), else the applicant itself. */
const carrierIdOf = (c: repo.CandidateRow) => c.driverManagerId ?? c.applicantId;

/** The combined on-time rate of a carrier's measured pickups and deliveries; null when too few are measured. */
function onTimeRate(t: TCarrierTrust): number | null {
  const parts = [t.facts.pickupOnTime, t.facts.deliveryOnTime].filter((p) => p !== null);
  if (parts.length === 0) return null;
  return parts.reduce((a, p) => a + p.onTime, 0) / parts.reduce((a, p) => a + p.measured, 0);
}

/** Descending by `key`, the unknown (null) last, then the newest application first (the rows' order). */
function byKey<T>(rows: T[], key: (row: T) => number | null, ascending = false): T[] {
  return rows
    .map((row, n) => ({ row, n, k: key(row) }))
    .sort((a, b) => {
      if (a.k === null || b.k === null) return a.k === b.k ? a.n - b.n : a.k === null ? 1 : -1;
      return (ascending ? a.k - b.k : b.k - a.k) || a.n - b.n;
    })
    .map((x) => x.row);
}

/** A request's candidates in the shipper's chosen order (the rows come newest first). */
export function sortCandidates(
  rows: repo.CandidateWithApplicant[],
  sort: TCandidateSort,
  trust: Map<string, TCarrierTrust>,
): repo.CandidateWithApplicant[] {
  const t = (r: repo.CandidateWithApplicant) => trust.get(carrierIdOf(r.candidate))!;
  switch (sort) {
    case 'NEWEST':
      return rows;
    case 'PRICE':
      return byKey(rows, (r) => r.candidate.price, true);
    case 'RATING':
      return byKey(rows, (r) => t(r).rating.average);
    case 'ON_TIME':
      return byKey(rows, (r) => onTimeRate(t(r)));
  }
}

const bidTermsOf = (c: repo.CandidateRow): BidTerms => ({
  price: c.price,
  incidentalCharge: c.incidentalCharge,
  fuelSurcharge: c.fuelSurcharge,
  distanceKm: c.distanceKm,
});

/** The owner (signed in as the customer) or an admin may look at an item's candidates. */
const seesCandidates = (item: Pick<RequestItemRow, 'creatorId'>, auth: AuthContext) =>
  auth.role === 'ADMIN' || (auth.role === 'CUSTOMER' && item.creatorId === auth.userId);

export function createCandidatesService(deps: Deps) {
  const { db } = deps;

  /** The driver its manager assigned to the item's approved job, shown on the approved candidate. */
  async function assignedCarrier(item: Pick<RequestItemRow, 'creatorId' | 'carrierId' | 'receiverId'>): Promise<Carrier> {
    const carrierId = carrierOf(item);
    if (!carrierId || carrierId === item.receiverId) return null;
    const driver = await accounts.findUserByIdIncludingDeleted(db, carrierId);
    return driver ? { id: driver.id, name: personName(driver, Role.labels.DRIVER), phone: driver.phone } : null;
  }

  /** A delivery's bids against its standard fare, each with the breakdown it was measured against; null: a warehouse. */
  async function bidFares(item: RequestItemRow, bids: readonly repo.CandidateRow[]) {
    if (item.type !== 'DELIVERY') return null;
    const deliveryItem = await ownerDeliveryItem(db, item);
    return bidStandardFares(db, deliveryItem!, bids.map(bidTermsOf));
  }

  /** Candidates of one item as views, with their talkrooms and last messages: a fixed number of queries for any number. */
  async function present(
    item: RequestItemRow,
    rows: repo.CandidateWithApplicant[],
    known?: Map<string, TCarrierTrust>,
  ): Promise<TCandidate[]> {
    const [carrier, fares, verified, trust] = await Promise.all([
      assignedCarrier(item),
      bidFares(
        item,
        rows.map((r) => r.candidate),
      ),
      verifiedCompanyIds(
        db,
        rows.map((r) => r.company?.id ?? null),
      ),
      known ??
        carrierTrust(
          db,
          rows.map((r) => carrierIdOf(r.candidate)),
        ),
    ]);
    const rooms = new Map(
      (
        await findTalkroomsByCandidates(
          db,
          rows.map((r) => r.candidate.id),
        )
      ).map((t) => [t.candidateId, t]),
    );
    const last = await lastMessagesOf(
      db,
      [...rooms.values()].map((t) => t.id),
    );
    return rows.map((row, n) => {
      const room = rooms.get(row.candidate.id);
      const isApproved = row.candidate.status === 'APPROVED' && row.candidate.applicantId === item.receiverId;
      return toCandidate(
        row,
        room,
        room && last.get(room.id),
        isApproved ? carrier : null,
        fares?.[n]!.share ?? null,
        row.company !== null && verified.has(row.company.id),
        trust.get(carrierIdOf(row.candidate))!,
      );
    });
  }

  async function apply(
    auth: AuthContext,
    kind: ApplicationKind,
    requestItemId: string,
    bid?: Pick<TRequestPriceBody, 'price' | 'incidentalCharge' | 'fuelSurcharge' | 'distanceKm'>,
  ): Promise<TApplyResponse> {
    const applied = await withEvents(deps, async (tx, emit) => {
      const item = await repo.lockRequestItemShared(tx, requestItemId);
      // An item that has left the market is none of a stranger's business.
      if (!item || !(await canReadRequestItem(tx, auth, item))) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      const decision = decideApplication(item, auth, kind);
      if (!decision.ok) throw new AppError(decision.code);
      const found = await accounts.findUserWithPaymentDue(tx, auth.userId);
      if (!found) throw new AppError('USER_NOT_FOUND');
      const applicant = found.user;
      // A carrier company whose subscription is unpaid takes no new work (decision 026).
      if (found.paymentDue) throw new AppError('SUBSCRIPTION_PAYMENT_REQUIRED');
      // A request for verified carriers only (decision 104): a driver bids for its company.
      if (item.verifiedCarriersOnly && !(await isCompanyVerified(tx, applicant.companyId))) {
        throw new AppError('VERIFIED_CARRIER_REQUIRED');
      }
      const { candidate, inserted } = await repo.upsertCandidate(
        tx,
        {
          requestItemId: item.id,
          applicantId: auth.userId,
          // A driver works for its manager; a manager applies for itself.
          driverManagerId: applicant.parentId ?? (auth.role === 'DRIVER_MANAGER' ? auth.userId : null),
          companyId: applicant.companyId,
          // A bid names its price (and may name its own charges); the other way takes the listed one.
          price: kind === 'bid' ? bid!.price : item.price!,
          incidentalCharge: bid?.incidentalCharge ?? null,
          fuelSurcharge: bid?.fuelSurcharge ?? null,
          distanceKm: bid?.distanceKm ?? null,
        },
        kind === 'bid',
      );
      const talkroom = await openTalkroom(tx, { requestItemId: item.id, candidateId: candidate.id, appliedUserId: auth.userId });
      if (inserted) {
        await emit({
          type: 'CANDIDATE_APPLIED',
          requestType: item.type,
          requestItemId: item.id,
          subject: await requestSubject(tx, item.id),
          candidateUserId: auth.userId,
          customerId: item.creatorId,
        });
      }
      return {
        message: SUCCESS_MESSAGES.sentToShipper,
        isNew: inserted,
        candidate: {
          id: candidate.id,
          requestItemId: candidate.requestItemId,
          price: candidate.price,
          status: candidate.status,
          talkroom: toTalkroom(talkroom),
          createdAt: candidate.createdAt.toISOString(),
          updatedAt: candidate.updatedAt.toISOString(),
        },
      };
    });
    return applied;
  }

  /** The candidate as the item's owner or an admin may see it; 404 for anyone else. */
  async function visibleCandidate(auth: AuthContext, id: string) {
    const row = await repo.findCandidateWithApplicant(db, id);
    if (!row) throw new AppError('CANDIDATE_NOT_FOUND');
    const item = await getRequestItemRow(db, row.candidate.requestItemId).catch(() => undefined);
    if (!item || !seesCandidates(item, auth)) throw new AppError('CANDIDATE_NOT_FOUND');
    return { row, item };
  }

  /** The approval's transaction: answers the approved candidate's id. */
  async function approveInTransaction(tx: Database, emit: Emit, auth: AuthContext, id: string, body: TApproveCandidateBody) {
    const item = await lockRequestItem(tx, body.requestItemId);
    const state = await loadLifecycleState(tx, item);
    const actor = actorOf(item, auth);
    // Strangers learn nothing about the candidate; the owner learns whether it belongs here.
    if (actor === 'OTHER') throw new AppError('REQUEST_ITEM_NOT_FOUND');
    const candidate = await repo.findCandidate(tx, id, true);
    if (!candidate) throw new AppError('CANDIDATE_NOT_FOUND');
    if (candidate.requestItemId !== item.id) throw new AppError('CANDIDATE_NOT_APPLICABLE');
    const decision = decide(state, 'approve', actor);
    if (!decision.ok) throw new AppError(decision.code);
    if (candidate.status === 'WITHDRAWN') throw new AppError('CANDIDATE_WITHDRAWN');
    // The applicant's row lock: a driver being removed by its company is either gone
    // (its application withdrawn, refused above) or removed only after this approval,
    // whose job then blocks the removal (decision 030).
    if (!(await accounts.findUserById(tx, candidate.applicantId, true))) throw new AppError('CANDIDATE_WITHDRAWN');

    // The approved applicant carries the job until its driver manager assigns a driver.
    await repo.setRequestItemMatched(tx, item.id, decision.next, candidate.applicantId);
    await repo.approveCandidate(tx, candidate.id);
    const notChosen = await repo.markOthersNotChosen(tx, item.id, candidate.id);
    const talkroom = await openTalkroom(tx, {
      requestItemId: item.id,
      candidateId: candidate.id,
      appliedUserId: candidate.applicantId,
    });
    // A delivery goes on in the chosen applicant's room; a warehouse match ends every conversation.
    await closeTalkrooms(tx, item.id, item.type === 'DELIVERY' ? talkroom.id : undefined);
    // What both sides agreed, written down (運送条件書, decision 067).
    if (item.type === 'DELIVERY') await issueTransportConditions(deps, tx, item.id, candidate);
    await emit({
      type: 'CANDIDATE_APPROVED',
      requestType: item.type,
      requestItemId: item.id,
      talkroomId: talkroom.id,
      customerId: auth.userId,
      approvedUserId: candidate.applicantId,
    });
    if (notChosen.length > 0) {
      await emit({ type: 'CANDIDATES_NOT_CHOSEN', requestType: item.type, requestItemId: item.id, userIds: notChosen });
    }
    return { status: decision.next, receiverId: candidate.applicantId };
  }

  return {
    requestPrice: (auth: AuthContext, body: TRequestPriceBody) => apply(auth, 'bid', body.requestItemId, body),
    applyFixedPrice: (auth: AuthContext, body: TApplyFixedPriceBody) => apply(auth, 'fixed', body.requestItemId),

    async list(auth: AuthContext, q: TCandidateListQuery): Promise<TCandidatePage> {
      const offset = (q.page - 1) * q.limit;
      // One statement (decision 105): the item with its parts, and the page (by price, rating or
      // on-time rate: every candidate, an item draws few bids) with its total and each bid's badge,
      // carrier figures, talkroom and last message. Read before the owner check, shown only after it.
      const now = new Date();
      const newest = q.sort === 'NEWEST';
      const read = await repo.listCandidatesWithTrust(
        db,
        q.requestId,
        newest ? { limit: q.limit, offset } : { limit: null, offset: 0 },
        badgeDay(now),
        factsSince(now),
      );
      if (!read || !seesCandidates(read.item, auth)) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      const { item } = read;
      const total = read.total ?? (await repo.countCandidates(db, item.id));
      const trust = new Map(read.rows.map((r) => [r.figures.carrierId, trustOfFigures(r.figures.carrierId, r.figures)]));
      const byRow = new Map(read.rows.map((r) => [r.row, r]));
      const rows = read.rows.map((r) => r.row);
      const page = newest ? rows : sortCandidates(rows, q.sort, trust).slice(offset, offset + q.limit);
      const listed = page.map((row) => byRow.get(row)!);
      const [carrier, fares] = await Promise.all([
        assignedCarrier(item),
        item.type === 'DELIVERY' && listed.length > 0
          ? bidStandardFares(
              db,
              ownerDeliveryItemOf(item, read.parts)!,
              listed.map((r) => bidTermsOf(r.row.candidate)),
            )
          : null,
      ]);
      const data = listed.map((r, n) => {
        const c = r.row.candidate;
        const isApproved = c.status === 'APPROVED' && c.applicantId === item.receiverId;
        const m = r.lastMessage;
        return toCandidate(
          r.row,
          r.talkroom ?? undefined,
          m ? { ...m, createdAt: new Date(m.createdAt).toISOString() } : undefined,
          isApproved ? carrier : null,
          fares?.[n]!.share ?? null,
          r.row.company !== null && r.verified,
          trust.get(carrierIdOf(c))!,
        );
      });
      return { meta: paginationMeta(q.page, q.limit, total), data };
    },

    async detail(auth: AuthContext, id: string, requestItemId: string): Promise<TCandidate> {
      const { row, item } = await visibleCandidate(auth, id);
      if (row.candidate.requestItemId !== requestItemId) throw new AppError('CANDIDATE_NOT_APPLICABLE');
      if (!row.company) throw new AppError('CANDIDATE_COMPANY_UNAVAILABLE');
      const [view] = await present(item, [row]);
      return view!;
    },

    /**
     * A bid against the standard fare with the breakdown it was measured against (at the distance
     * the carrier stated, else the request's): for the request's owner, the admin, the applicant
     * and its driver manager; 404 for anyone else and for a warehouse request's bid.
     */
    async standardFare(auth: AuthContext, id: string): Promise<TBidStandardFare> {
      const row = await repo.findCandidate(db, id);
      if (!row) throw new AppError('CANDIDATE_NOT_FOUND');
      const item = await getRequestItemRow(db, row.requestItemId).catch(() => undefined);
      const own = row.applicantId === auth.userId || (auth.role === 'DRIVER_MANAGER' && row.driverManagerId === auth.userId);
      if (!item || !(own || seesCandidates(item, auth))) throw new AppError('CANDIDATE_NOT_FOUND');
      const fares = await bidFares(item, [row]);
      if (!fares) throw new AppError('CANDIDATE_NOT_FOUND');
      return fares[0]!;
    },

    async approve(auth: AuthContext, id: string, body: TApproveCandidateBody): Promise<TApproveCandidateResponse> {
      const requestItem = await withEvents(deps, (tx, emit) => approveInTransaction(tx, emit, auth, id, body)).catch(
        (err: unknown) => {
          // The backstop: a second approval that slipped past the row lock meets the partial unique index.
          if (isUniqueViolation(err, 'candidates_one_approved_key')) throw new AppError('CANDIDATE_ALREADY_APPROVED');
          throw err;
        },
      );
      const row = await repo.findCandidateWithApplicant(db, id);
      const [candidate] = await present(await getRequestItemRow(db, body.requestItemId), [row!]);
      return {
        message: SUCCESS_MESSAGES.statusUpdated,
        candidate: candidate!,
        requestItem: { id: body.requestItemId, ...requestItem },
      };
    },
  };
}

export type CandidatesService = ReturnType<typeof createCandidatesService>;
