/**
 * The fair-price meter (標準的運賃, issue 45, decision 092): the admin's fuel price with its history
 * (in the audit log), the quote of a draft delivery against the standard fare (no database read
 * but the cached fuel price), and the market's own prices on a lane.
 */
import type {
  TFuelPriceBody,
  TFuelPrices,
  TLanePrices,
  TLanePricesQuery,
  TStandardFareQuote,
  TStandardFareQuoteBody,
  TVehicleType,
  TFuelPrice,
} from '@logi/contract';
import { japanDay } from '@logi/contract';
import { laneOf } from '../../domain/market-lanes';
import { personName } from '../../domain/person-name';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { recordAdminAction } from '../audit-log/audit-log.service';
import { canReadRequestItem, getRequestItemRow } from '../request-items/request-items.access.service';
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

export function createStandardFaresService({ db }: Pick<Deps, 'db'>) {
  let cached: { at: number; history: Promise<TFuelPrice[]> } | undefined;

  /** The history, newest first, from memory while fresh; a failed read is never kept. */
  function fuelHistory(): Promise<TFuelPrice[]> {
    if (cached && Date.now() - cached.at < FUEL_PRICE_CACHE_MS) return cached.history;
    const history = repo.listFuelPrices(db).then((rows) => rows.map(toFuelPrice));
    const entry = { at: Date.now(), history };
    cached = entry;
    history.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return history;
  }

  const fuelPrices = async (): Promise<TFuelPrices> => {
    const history = await fuelHistory();
    return { current: inForceOn(history, japanDay(new Date())), history };
  };

  async function fuelInForce(day: string): Promise<FuelPriceInForce | null> {
    const price = inForceOn(await fuelHistory(), day);
    return price && { yenPerLitre: price.yenPerLitre, effectiveFrom: price.effectiveFrom };
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
      cached = undefined;
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
      const item = await getRequestItemRow(db, requestItemId);
      if (!(await canReadRequestItem(db, auth, item))) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      if (item.type !== 'DELIVERY') throw new AppError('REQUEST_TYPE_MISMATCH');
      return lanePricesOf(db, laneOfFacts((await repo.deliveryFacts(db, item.id))!));
    },
  };
}

/** A delivery's lane; null when it has none (over the largest class, or a place the data does not know). */
function laneOfFacts(facts: repo.DeliveryFacts) {
  if (!facts.vehicleType) return null;
  return laneOf(facts.stops, facts.vehicleType as TVehicleType, facts.totalWeight ?? 0);
}

export type StandardFaresService = ReturnType<typeof createStandardFaresService>;
