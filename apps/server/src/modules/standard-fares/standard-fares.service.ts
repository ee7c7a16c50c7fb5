/**
 * The fair-price meter (標準的運賃, issue 45, decision 092): the admin's fuel price with its history
 * (in the audit log), the quote of a draft delivery against the standard fare (no database read
 * but the cached fuel price), and the market's own prices on a lane.
 */
import type {
  DeliveryFareFacts,
  TBidFareShare,
  TDeliveryItem,
  TRequestStandardFare,
  TStandardFareFigure,
  TFuelPriceBody,
  TFuelPrices,
  TLanePrices,
  TLanePricesQuery,
  TStandardFareQuote,
  TStandardFareQuoteBody,
  TVehicleType,
  TFuelPrice,
} from '@logi/contract';
import { chargesOf, japanDay, quoteBodyOfDelivery, shareOfStandardFare } from '@logi/contract';
import { laneOf } from '../../domain/market-lanes';
import { personName } from '../../domain/person-name';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { recordAdminAction } from '../audit-log/audit-log.service';
import { isReadableBy } from '../request-items/request-items.access.service';
import { lanePricesOf } from './standard-fares.lanes';
import { type FuelPriceInForce, quoteDay, quoteOf } from './standard-fares.quote';
import * as repo from './standard-fares.repository';

// The lifecycle records a completed job's lane facts through these (decision 092).
export { backfillLaneFacts, recordCompletedJob } from './standard-fares.lanes';

/**
 * How long an instance keeps the fuel-price history: a quote reads no table while it is fresh. A
 * price is set weekly at most; the instance that sets one forgets at once, the others within this.
 */
const FUEL_PRICE_CACHE_MS = 60_000;

const toFuelPrice = (row: repo.FuelPriceRow): TFuelPrice => ({
  id: row.id,
  effectiveFrom: row.effectiveFrom,
  yenPerLitre: row.yenPerLitre,
  setBy: { id: row.setBy.id, name: personName(row.setBy, row.setBy.name) },
  createdAt: row.createdAt.toISOString(),
});

/** The price in force on `day`: the latest day on or before it (the history is newest first, the newest row of a day first). */
const inForceOn = <T extends { effectiveFrom: string }>(history: readonly T[], day: string): T | null =>
  history.find((p) => p.effectiveFrom <= day) ?? null;

/**
 * Each database's fuel-price history, newest first, kept while fresh: a quote reads no table, and
 * every reader of one database (the quote, the request reads, the bids) shares one copy, so that
 * setting a price is seen by all of them at once on this instance.
 */
const fuelCaches = new WeakMap<Database, { at: number; history: Promise<TFuelPrice[]> }>();
/** The history last read, as its JSON: read again unchanged, it is the same object (the fares kept are keyed by it). */
const lastHistories = new WeakMap<Database, { json: string; history: TFuelPrice[] }>();

/** The history from memory while fresh; a failed read is never kept. */
function fuelHistory(db: Database): Promise<TFuelPrice[]> {
  const cached = fuelCaches.get(db);
  if (cached && Date.now() - cached.at < FUEL_PRICE_CACHE_MS) return cached.history;
  const history = repo.listFuelPrices(db).then((rows) => {
    const read = rows.map(toFuelPrice);
    const json = JSON.stringify(read);
    const last = lastHistories.get(db);
    if (last?.json === json) return last.history;
    lastHistories.set(db, { json, history: read });
    return read;
  });
  const entry = { at: Date.now(), history };
  fuelCaches.set(db, entry);
  history.catch(() => {
    if (fuelCaches.get(db) === entry) fuelCaches.delete(db);
  });
  return history;
}

const fuelOf = (price: TFuelPrice | null): FuelPriceInForce | null =>
  price && { yenPerLitre: price.yenPerLitre, effectiveFrom: price.effectiveFrom };

/**
 * Each request's fare computed so far, by the object that stands for the request unchanged (a
 * row the open market keeps, decision 112), with the fuel-price history it was computed at: a
 * request shown on many pages and in its detail is computed once while both stay the same.
 */
const faresKept = new WeakMap<object, { history: readonly TFuelPrice[]; fare: TRequestStandardFare }>();

/**
 * The same by what a fare is computed from (its quote's body), for rows read afresh from the
 * database: a carrier's own lists are read again after each of its bids, and their requests have
 * mostly not changed (decision 118). At most this many, the oldest forgotten first.
 */
const FARES_BY_BODY = 20_000;
let faresByBody = { history: [] as readonly TFuelPrice[], fares: new Map<string, TRequestStandardFare>() };

function fareOf(body: TStandardFareQuoteBody, history: readonly TFuelPrice[]): TRequestStandardFare {
  if (faresByBody.history !== history) faresByBody = { history, fares: new Map() };
  const key = JSON.stringify(body);
  let fare = faresByBody.fares.get(key);
  if (!fare) {
    fare = quoteOf(body, fuelOf(inForceOn(history, quoteDay(body))));
    if (faresByBody.fares.size >= FARES_BY_BODY) faresByBody.fares.delete(faresByBody.fares.keys().next().value!);
    faresByBody.fares.set(key, fare);
  }
  return fare;
}

/**
 * The standard fare of stored deliveries (decision 100), computed on read from each one's stops,
 * vehicle, weight, dates and incidental work, at the fuel price in force on its drive's first day:
 * the price history is read once for the whole call (from memory while fresh), never per row.
 * `distanceKm` per delivery (a bid's stated distance) replaces the request's own. `unchanged`, an
 * object that is the same only while the delivery is, keeps the fare for the next call.
 */
export async function deliveryStandardFares(
  db: Database,
  deliveries: readonly { delivery: DeliveryFareFacts; distanceKm?: number | null; unchanged?: object }[],
): Promise<TRequestStandardFare[]> {
  if (deliveries.length === 0) return [];
  const history = await fuelHistory(db);
  return deliveries.map(({ delivery, distanceKm, unchanged }) => {
    const kept = unchanged && faresKept.get(unchanged);
    if (kept?.history === history) return kept.fare;
    const fare = fareOf(quoteBodyOfDelivery(delivery, distanceKm), history);
    if (unchanged) faresKept.set(unchanged, { history, fare });
    return fare;
  });
}

/** A breakdown in brief, as a market row shows it beside the price. */
export const standardFareFigure = ({ standardFare: f }: TRequestStandardFare): TStandardFareFigure =>
  f.covered
    ? { covered: true, subtotal: f.subtotal, total: f.total, estimated: f.distance.estimated }
    : { covered: false, message: f.message };

/** What a bid asks for, in the terms the 運送条件書 adds up (chargesOf). */
export interface BidTerms {
  price: number;
  incidentalCharge: number | null;
  fuelSurcharge: number | null;
  /** The road km the carrier stated with its bid; null: the request's. */
  distanceKm: number | null;
}

/** A bid's 税抜 as a share of the standard fare's 税抜 it is measured against (decision 100). */
export function bidFareShare(
  delivery: Pick<TDeliveryItem, 'incidentalWork' | 'incidentalCharge' | 'fuelSurcharge' | 'transports'>,
  bid: BidTerms,
  breakdown: TRequestStandardFare,
): TBidFareShare {
  const bidSubtotal = chargesOf(bid.price, bid, delivery).subtotal;
  const figure = standardFareFigure(breakdown);
  return {
    percent: shareOfStandardFare(bidSubtotal, figure),
    bidSubtotal,
    standardSubtotal: figure.covered ? figure.subtotal : null,
    distanceKm: bid.distanceKm,
  };
}

/**
 * Bids on one delivery against its standard fare, each with the breakdown it was measured
 * against: a bid that stated its own distance gets a breakdown at that distance; the others share
 * the request's. One read of the fuel prices for them all.
 */
export async function bidStandardFares(
  db: Database,
  delivery: TDeliveryItem & { distanceKm?: number | null },
  bids: readonly BidTerms[],
): Promise<{ share: TBidFareShare; breakdown: TRequestStandardFare }[]> {
  const distances = [...new Set([null, ...bids.map((b) => b.distanceKm)])];
  const fares = await deliveryStandardFares(
    db,
    distances.map((distanceKm) => ({ delivery, distanceKm })),
  );
  const byDistance = new Map(distances.map((km, i) => [km, fares[i]!]));
  return bids.map((bid) => {
    const breakdown = byDistance.get(bid.distanceKm)!;
    return { share: bidFareShare(delivery, bid, breakdown), breakdown };
  });
}

export function createStandardFaresService({ db }: Pick<Deps, 'db'>) {
  const fuelPrices = async (): Promise<TFuelPrices> => {
    const history = await fuelHistory(db);
    return { current: inForceOn(history, japanDay(new Date())), history };
  };

  async function fuelInForce(day: string): Promise<FuelPriceInForce | null> {
    return fuelOf(inForceOn(await fuelHistory(db), day));
  }

  return {
    fuelPrices,

    /** A new price from a day on, with the price it replaces on that day in the audit log, in one transaction. */
    async setFuelPrice(auth: AuthContext, body: TFuelPriceBody): Promise<TFuelPrices> {
      await db.transaction(async (tx) => {
        const before = inForceOn(await repo.listFuelPrices(tx), body.effectiveFrom);
        const id = await repo.insertFuelPrice(tx, { ...body, setBy: auth.userId });
        await recordAdminAction(tx, {
          actorId: auth.userId,
          action: 'FUEL_PRICE_SET',
          targetType: 'FUEL_PRICE',
          targetId: id,
          before: before && { effectiveFrom: before.effectiveFrom, yenPerLitre: before.yenPerLitre },
          after: { effectiveFrom: body.effectiveFrom, yenPerLitre: body.yenPerLitre },
        });
      });
      fuelCaches.delete(db);
      return fuelPrices();
    },

    /** The standard fare of a draft, at the fuel price in force on its drive's first day. */
    async quote(body: TStandardFareQuoteBody): Promise<TStandardFareQuote> {
      return quoteOf(body, await fuelInForce(quoteDay(body)));
    },

    /** A lane's prices, as a draft's quote named the lane. */
    async lanePrices(query: TLanePricesQuery): Promise<TLanePrices> {
      return lanePricesOf(db, {
        pickupPrefecture: query.pickupPrefecture,
        deliveryPrefecture: query.deliveryPrefecture,
        vehicleClass: query.vehicleClass,
        distanceKm: query.distanceKm,
      });
    },

    /** The prices on a delivery request's lane: for whoever may read the request (404 otherwise). */
    async requestLanePrices(auth: AuthContext, requestItemId: string): Promise<TLanePrices> {
      // Two statements (decision 103): the item's facts with its read rule's inputs, then the lane's statistics.
      const item = await repo.requestLaneFacts(db, requestItemId, auth.userId);
      if (!item || !isReadableBy(item, auth, item.applied)) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      if (item.type !== 'DELIVERY') throw new AppError('REQUEST_TYPE_MISMATCH');
      return lanePricesOf(db, laneOfFacts(item));
    },
  };
}

/** A delivery's lane; null when it has none (over the largest class, or a place the data does not know). */
function laneOfFacts(facts: repo.DeliveryFacts) {
  if (!facts.vehicleType) return null;
  return laneOf(facts.stops, facts.vehicleType as TVehicleType, facts.totalWeight ?? 0);
}

export type StandardFaresService = ReturnType<typeof createStandardFaresService>;
