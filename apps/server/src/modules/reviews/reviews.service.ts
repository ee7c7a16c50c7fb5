/**
 * Trust between strangers (issue 48 parts 2–5, docs/decisions/105-measured-facts-and-reviews.md):
 *
 * - Measured facts: a carrier's finished deliveries (completed, cancelled after approval) with
 *   its on-time arrivals, written by `recordJobFinished` in the transaction that finishes the job,
 *   summed over the last 12 months per list in one statement.
 * - Measured waiting: each measured stop of a completed delivery at its site (the normalised
 *   address), read per request over the last 90 days; the market's "short wait" mark kept on the
 *   open requests at the sites a completion changed (and nightly for the sites leaving the window).
 * - Reviews: each side of a completed delivery rates the other once, edits for 7 days, the other
 *   side replies once, the admin hides (audit log); nothing is deleted.
 */
import type {
  TAdminReviewList,
  TAdminReviewListQuery,
  TCarrierFacts,
  TCarrierProfile,
  TCarrierTrust,
  TJobReviews,
  TRatingSummary,
  TRequestTrust,
  TReview,
  TReviewBody,
  TReviewEditBody,
  TReviewSide,
  TSiteWaiting,
} from '@logi/contract';
import { Role, TRUST_RULES, paginationMeta } from '@logi/contract';
import { personName } from '../../domain/person-name';
import { carrierOf } from '../../domain/request-lifecycle';
import { SITE_TAG, siteKey } from '../../domain/site-key';
import { stopDurations } from '../../domain/stop-times';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { recordAdminAction } from '../audit-log/audit-log.service';
import { withEvents } from '../notifications/notifications.service';
import {
  type RequestItemRow,
  getRequestItemRow,
  isReadableBy,
  lockRequestItem,
} from '../request-items/request-items.access.service';
import * as facts from './reviews.facts.repository';
import * as repo from './reviews.repository';

/** A carrier's figures as the facts read them; the candidates list reads the same shape in its own statement. */
export type { CarrierFigures, CarrierFiguresJson } from './reviews.facts.repository';
// The figures' SQL, for a list that reads them per row in its own statement (the candidates list).
export { carrierFiguresJson, figuresOf } from './reviews.facts.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const PROFILE_REVIEWS = 20;

/** The start of the facts' period: the same instant 12 months before `now`. */
export function factsSince(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - TRUST_RULES.factsMonths);
  return since;
}

const onTime = (on: number, measured: number) =>
  measured < TRUST_RULES.onTimeMinStops ? null : { onTime: on, measured, rate: on / measured };

/** The figures as shown: nothing below the thresholds. */
export function toFacts(f: facts.CarrierFigures | undefined): TCarrierFacts {
  if (!f || f.completed < TRUST_RULES.factsMinJobs) {
    return {
      periodMonths: TRUST_RULES.factsMonths,
      shown: false,
      completedJobs: null,
      cancelledAfterApproval: null,
      pickupOnTime: null,
      deliveryOnTime: null,
    };
  }
  return {
    periodMonths: TRUST_RULES.factsMonths,
    shown: true,
    completedJobs: f.completed,
    cancelledAfterApproval: f.cancelled,
    pickupOnTime: onTime(f.pickupOnTime, f.pickupMeasured),
    deliveryOnTime: onTime(f.deliveryOnTime, f.deliveryMeasured),
  };
}

export function toRating(count: number, average: number | null): TRatingSummary {
  return {
    count,
    average: count < TRUST_RULES.ratingMinReviews || average === null ? null : Math.round(average * 10) / 10,
  };
}

/** Each carrier's facts and rating, in one statement whatever the number of carriers. */
export async function carrierTrust(db: Database, carrierIds: string[], now = new Date()): Promise<Map<string, TCarrierTrust>> {
  const figures = await facts.carrierFigures(db, carrierIds, factsSince(now));
  return new Map(carrierIds.map((id) => [id, trustOfFigures(id, figures.get(id))]));
}

/** A carrier's facts and rating as shown, from its figures (read by `carrierTrust`, or in a list's own statement). */
export function trustOfFigures(carrierId: string, f: facts.CarrierFigures | undefined): TCarrierTrust {
  return { carrierId, facts: toFacts(f), rating: toRating(f?.reviews ?? 0, f?.rating ?? null) };
}

/** The site tags of a delivery's pickup and delivery stops (the market's filter tags). */
export function siteTagsOf(
  stops: readonly { transportType: string; prefecture: string; city: string; town: string; block: string }[],
) {
  return [...new Set(stops.filter((s) => s.transportType !== 'TRANSIT').map((s) => SITE_TAG(siteKey(s))))];
}

/** A new open request's short-wait mark, in its creating transaction. */
export async function markShortWait(tx: Database, requestItemId: string, now = new Date()): Promise<void> {
  await facts.refreshShortWait(tx, { ids: [requestItemId] }, now);
}

/** The nightly refresh: open requests at the sites whose stops left the 90-day window in the last day. */
export async function refreshLeavingSites(db: Database, now = new Date()): Promise<number> {
  const edge = new Date(now.getTime() - TRUST_RULES.siteDays * DAY_MS);
  const keys = await facts.sitesLeavingWindow(db, new Date(edge.getTime() - DAY_MS), edge);
  await facts.refreshShortWait(db, { siteTags: keys.map(SITE_TAG) }, now);
  return keys.length;
}

/**
 * A delivery finished: call inside the transaction that completes it, or that cancels it after
 * its approval. Completed: the carrier's facts, each measured stop at its site, and the short-wait
 * mark of the open requests at those sites.
 */
export async function recordJobFinished(tx: Database, item: RequestItemRow, outcome: 'COMPLETED' | 'CANCELLED', at: Date) {
  if (item.type !== 'DELIVERY' || !item.receiverId) return;
  if (outcome === 'CANCELLED') {
    await facts.insertCancelledJob(tx, item.id, at);
    return;
  }
  await facts.insertCompletedJob(tx, item.id, at);
  const stops = await facts.timedStopsOf(tx, item.id);
  const rows: facts.NewSiteStop[] = [];
  for (const s of stops) {
    if (!s.arrivedAt || !s.startedAt) continue;
    const d = stopDurations({
      ARRIVED: s.arrivedAt,
      LOADING_STARTED: s.startedAt,
      ...(s.finishedAt ? { LOADING_FINISHED: s.finishedAt } : {}),
    });
    rows.push({
      stopId: s.id,
      requestItemId: item.id,
      siteKey: siteKey(s),
      arrivedAt: s.arrivedAt,
      waitingMinutes: d.waitingMinutes!,
      handlingMinutes: d.loadingMinutes,
      overLimit: d.overLimit,
    });
  }
  await facts.insertSiteStops(tx, rows);
  await facts.refreshShortWait(tx, { siteTags: [...new Set(rows.map((r) => SITE_TAG(r.siteKey)))] }, at);
}

type Party = { side: TReviewSide } | null;

/** The caller's side in a delivery, or null: the owner, or who carries it, its approved applicant or that applicant's company. */
async function sideOf(db: Database, item: RequestItemRow, auth: AuthContext): Promise<Party> {
  if (auth.role === 'CUSTOMER') return item.creatorId === auth.userId ? { side: 'SHIPPER' } : null;
  if (auth.role !== 'DRIVER' && auth.role !== 'DRIVER_MANAGER') return null;
  if (!item.receiverId) return null;
  if (carrierOf(item) === auth.userId || item.receiverId === auth.userId) return { side: 'CARRIER' };
  return (await facts.carrierOfJob(db, item.id)) === auth.userId ? { side: 'CARRIER' } : null;
}

const isOpen = (item: RequestItemRow) => item.type === 'DELIVERY' && item.status === 'COMPLETED';
const editableUntil = (r: repo.ReviewRow) => new Date(r.createdAt.getTime() + TRUST_RULES.editDays * DAY_MS);

function authorName(p: repo.PartyName | undefined, side: TReviewSide): string {
  if (!p) return side === 'SHIPPER' ? Role.labels.CUSTOMER : Role.labels.DRIVER_MANAGER;
  return p.companyName ?? personName(p, side === 'SHIPPER' ? Role.labels.CUSTOMER : Role.labels.DRIVER_MANAGER);
}

function toReview(r: repo.ReviewRow, author: repo.PartyName | undefined, showReason: boolean): TReview {
  return {
    id: r.id,
    requestItemId: r.requestItemId,
    side: r.side,
    authorName: authorName(author, r.side),
    rating: r.rating,
    tags: r.tags,
    comment: r.comment,
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    editableUntil: editableUntil(r).toISOString(),
    hidden: r.hiddenAt !== null,
    hiddenReason: showReason ? r.hiddenReason : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function present(db: Database, rows: repo.ReviewRow[], showReason: (r: repo.ReviewRow) => boolean): Promise<TReview[]> {
  const authors = await repo.partiesById(
    db,
    rows.map((r) => r.authorId),
  );
  return rows.map((r) => toReview(r, authors.get(r.authorId), showReason(r)));
}

export function createReviewsService(deps: Deps) {
  const { db } = deps;

  /** A review and its job, for a change by a party of that job; a stranger learns nothing (404). */
  async function reviewForParty(tx: Database, auth: AuthContext, id: string) {
    const review = await repo.findReview(tx, id, true);
    if (!review) throw new AppError('REVIEW_NOT_FOUND');
    const item = await facts.findLiveItem(tx, review.requestItemId);
    const party = item ? await sideOf(tx, item, auth) : null;
    if (!item || !party) throw new AppError('REVIEW_NOT_FOUND');
    return { review, item, side: party.side };
  }

  async function one(tx: Database, row: repo.ReviewRow, showReason: boolean): Promise<TReview> {
    const [view] = await present(tx, [row], () => showReason);
    return view!;
  }

  return {
    async jobReviews(auth: AuthContext, requestItemId: string): Promise<TJobReviews> {
      const item = await getRequestItemRow(db, requestItemId);
      const party = auth.role === 'ADMIN' ? null : await sideOf(db, item, auth);
      if (auth.role !== 'ADMIN' && !party) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      const rows = await repo.reviewsOfJob(db, item.id);
      const admin = auth.role === 'ADMIN';
      const views = await present(db, rows, (r) => admin || r.side === party?.side);
      const bySide = (side: TReviewSide) => views.find((v) => v.side === side) ?? null;
      const mySide = party?.side ?? null;
      const theirs = mySide ? bySide(mySide === 'SHIPPER' ? 'CARRIER' : 'SHIPPER') : bySide('CARRIER');
      return {
        requestItemId: item.id,
        mySide,
        open: isOpen(item),
        mine: mySide ? bySide(mySide) : bySide('SHIPPER'),
        // A hidden review is out of sight for the side it is about.
        theirs: theirs && theirs.hidden && !admin ? null : theirs,
      };
    },

    async write(auth: AuthContext, body: TReviewBody): Promise<TReview> {
      return withEvents(deps, async (tx, emit) => {
        const item = await lockRequestItem(tx, body.requestItemId);
        const party = await sideOf(tx, item, auth);
        if (!party) throw new AppError('REQUEST_ITEM_NOT_FOUND');
        if (!isOpen(item)) throw new AppError('REVIEW_NOT_OPEN');
        const carrierId = (await facts.carrierOfJob(tx, item.id))!;
        const subjectId = party.side === 'SHIPPER' ? carrierId : item.creatorId;
        const row = await repo.insertReview(tx, {
          requestItemId: item.id,
          side: party.side,
          authorId: auth.userId,
          subjectId,
          rating: body.rating,
          tags: body.tags,
          comment: body.comment ?? null,
        });
        if (!row) throw new AppError('REVIEW_ALREADY_WRITTEN');
        await emit({
          type: 'REVIEW_RECEIVED',
          requestItemId: item.id,
          authorId: auth.userId,
          recipientIds: party.side === 'SHIPPER' ? [carrierId, item.receiverId!, carrierOf(item)!] : [item.creatorId],
          asShipper: party.side === 'CARRIER',
        });
        return one(tx, row, true);
      });
    },

    async edit(auth: AuthContext, id: string, body: TReviewEditBody): Promise<TReview> {
      return db.transaction(async (tx) => {
        const { review, side } = await reviewForParty(tx, auth, id);
        if (side !== review.side) throw new AppError('REVIEW_ACTION_FORBIDDEN');
        if (Date.now() > editableUntil(review).getTime()) throw new AppError('REVIEW_EDIT_CLOSED');
        const row = await repo.updateReview(tx, review.id, {
          rating: body.rating,
          tags: body.tags,
          comment: body.comment ?? null,
        });
        return one(tx, row, true);
      });
    },

    async reply(auth: AuthContext, id: string, reply: string): Promise<TReview> {
      return db.transaction(async (tx) => {
        const { review, side } = await reviewForParty(tx, auth, id);
        if (side === review.side) throw new AppError('REVIEW_ACTION_FORBIDDEN');
        if (review.hiddenAt) throw new AppError('REVIEW_NOT_FOUND');
        if (review.reply !== null) throw new AppError('REVIEW_ALREADY_REPLIED');
        const row = await repo.updateReview(tx, review.id, { reply, repliedAt: new Date(), repliedBy: auth.userId });
        return one(tx, row, false);
      });
    },

    async hide(auth: AuthContext, id: string, reason: string): Promise<TReview> {
      return db.transaction(async (tx) => {
        const review = await repo.findReview(tx, id, true);
        if (!review) throw new AppError('REVIEW_NOT_FOUND');
        if (review.hiddenAt) throw new AppError('REVIEW_ALREADY_HIDDEN');
        const row = await repo.updateReview(tx, review.id, { hiddenAt: new Date(), hiddenReason: reason, hiddenBy: auth.userId });
        await recordAdminAction(tx, {
          actorId: auth.userId,
          action: 'REVIEW_HIDDEN',
          targetType: 'REVIEW',
          targetId: review.id,
          before: { hidden: false },
          after: { hidden: true, reason },
        });
        return one(tx, row, true);
      });
    },

    /**
     * Shows a hidden review again (decision 109): hiding is reversible, with a reason, in the audit log
     * like the hiding; the review returns to the averages and to the side it is about.
     */
    async show(auth: AuthContext, id: string, reason: string): Promise<TReview> {
      return db.transaction(async (tx) => {
        const review = await repo.findReview(tx, id, true);
        if (!review) throw new AppError('REVIEW_NOT_FOUND');
        if (!review.hiddenAt) throw new AppError('REVIEW_NOT_HIDDEN');
        const row = await repo.updateReview(tx, review.id, { hiddenAt: null, hiddenReason: null, hiddenBy: null });
        await recordAdminAction(tx, {
          actorId: auth.userId,
          action: 'REVIEW_SHOWN',
          targetType: 'REVIEW',
          targetId: review.id,
          before: { hidden: true, reason: review.hiddenReason },
          after: { hidden: false, reason },
        });
        return one(tx, row, true);
      });
    },

    /** The back office's list of every review (the admin sees them all, hidden ones with their reason). */
    async adminList(query: TAdminReviewListQuery): Promise<TAdminReviewList> {
      const { rows, total } = await repo.listReviews(
        db,
        { rating: query.rating, visibility: query.visibility, keyword: query.keyword },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return {
        meta: paginationMeta(query.page, query.limit, total),
        data: rows.map(({ review, author, subject }) => ({
          ...toReview(review, author, true),
          subjectName: authorName(subject, review.side === 'SHIPPER' ? 'CARRIER' : 'SHIPPER'),
          hiddenAt: review.hiddenAt?.toISOString() ?? null,
        })),
      };
    },

    /** A carrier's profile: any signed-in user; an id that is not a carrier company or independent driver → 404. */
    async carrierProfile(carrierId: string): Promise<TCarrierProfile> {
      if (!(await repo.isCarrierAccount(db, carrierId))) throw new AppError('CARRIER_NOT_FOUND');
      const [trust, parties, rows] = await Promise.all([
        carrierTrust(db, [carrierId]),
        repo.partiesById(db, [carrierId]),
        repo.visibleReviewsOf(db, carrierId, PROFILE_REVIEWS),
      ]);
      const carrier = parties.get(carrierId)!;
      const t = trust.get(carrierId)!;
      return {
        carrierId,
        name: carrier.companyName ?? personName(carrier, Role.labels.DRIVER_MANAGER),
        companyName: carrier.companyName,
        facts: t.facts,
        rating: t.rating,
        reviews: await present(db, rows, () => false),
      };
    },

    /** What a carrier reads on a request: its sites' measured waiting and the shipper's rating. */
    async requestTrust(auth: AuthContext, requestItemId: string): Promise<TRequestTrust> {
      // Two prepared statements: the request with its read rule's inputs, stops and shipper's rating, then its sites' figures.
      const item = await facts.requestTrustFacts(db, requestItemId, auth.userId);
      if (!item || !isReadableBy(item, auth, item.applied)) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      const now = new Date();
      const stops = item.type === 'DELIVERY' ? item.stops : [];
      const keys = stops.map((s) => siteKey(s));
      const figures = await facts.siteFigures(db, [...new Set(keys)], now);
      const shipper = item.rating;
      const sites: TSiteWaiting[] = stops.map((s, n) => {
        const f = figures.get(keys[n]!);
        const stopsCount = f?.stops ?? 0;
        const shown = stopsCount >= TRUST_RULES.siteMinStops;
        return {
          position: s.position,
          transportType: s.transportType as TSiteWaiting['transportType'],
          site: [s.prefecture, s.city, s.town, s.block].join(''),
          stops: stopsCount,
          shown,
          averageWaitingMinutes: shown && f!.averageWaiting !== null ? Math.round(f!.averageWaiting) : null,
          averageHandlingMinutes: shown && f!.averageHandling !== null ? Math.round(f!.averageHandling) : null,
          overTwoHoursShare: shown ? f!.overLimit / stopsCount : null,
        };
      });
      return { requestItemId: item.id, shipperRating: toRating(shipper.count, shipper.average), sites };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
