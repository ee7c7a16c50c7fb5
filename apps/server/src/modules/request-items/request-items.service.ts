/**
 * Request items' writes: a new delivery or warehouse request, and a closed one posted again
 * (with its tags and search index, so the market finds it). The reads are apart: the detail
 * (request-items.detail.ts), the lists (request-items.lists.ts) and their caches
 * (request-items.cached-reads.ts); the sibling modules use request-items.access.service.ts.
 */
import {
  SUCCESS_MESSAGES,
  type TCreateDeliveryBody,
  type TCreateWarehouseBody,
  type TImportDeliveriesBody,
  type TImportDeliveriesResponse,
  type TRequestItemDetail,
  type TVerifiedCarriersOnly,
} from '@logi/contract';
import { deliveryTags, searchIndexOf, warehouseTags } from '../../domain/request-search';
import type { Viewer } from '../../domain/request-visibility';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import { attachFiles } from '../files/files.service';
import { withEvents } from '../notifications/notifications.service';
import { lockRequestItem, requestSubject } from './request-items.access.service';
import { ownDetail } from './request-items.detail';
import { loadParts } from './request-items.parts.repository';
import { markShortWait, siteTagsOf } from '../reviews/reviews.service';
import * as repo from './request-items.repository';
import { deliverySearchFields, warehouseSearchFields } from './request-items.view';

/** What a delivery is written from: a new post's body, or a closed request posted again. */
interface DeliveryWrite {
  price: number | null;
  message: string | null;
  selectionDeadline: Date | null;
  verifiedCarriersOnly: boolean;
  delivery: repo.NewDeliveryItem;
  stops: repo.NewTransportStop[];
}

interface WarehouseWrite {
  price: number;
  message: string | null;
  selectionDeadline: Date | null;
  verifiedCarriersOnly: boolean;
  warehouse: repo.NewWarehouseItem;
}

export function createRequestItemsService(deps: Deps) {
  const { db } = deps;

  async function attachImages(tx: Database, ownerId: string, requestItemId: string, fileIds: readonly string[] | undefined) {
    if (!fileIds?.length) return;
    // Only the caller's own uploaded images, each attached once (files module rules).
    await attachFiles(tx, { ownerId, fileIds, entityType: 'REQUEST_ITEM_IMAGE', entityId: requestItemId, kinds: ['IMAGE'] });
    await repo.insertImages(tx, requestItemId, fileIds);
  }

  /** A delivery's rows (item, delivery part, stops) with its tags and search index. */
  async function writeDelivery(tx: Database, creatorId: string, w: DeliveryWrite): Promise<repo.RequestItemRow> {
    const pickups = w.stops.filter((s) => s.transportType === 'PICKUP').map((s) => s.timeFrom.getTime());
    const search = searchIndexOf(deliverySearchFields({ ...w.delivery, stops: w.stops }));
    const item = await repo.insertRequestItem(tx, {
      type: 'DELIVERY',
      creatorId,
      priceType: w.price === null ? 'ESTIMATION' : 'FIXED',
      price: w.price,
      message: w.message,
      selectionDeadline: w.selectionDeadline,
      verifiedCarriersOnly: w.verifiedCarriersOnly,
      firstPickupAt: new Date(Math.min(...pickups)),
      // Its sites too (decision 105): the market's short-wait mark follows their measured waiting.
      filterTags: [...deliveryTags(w.delivery.vehicleType, w.stops), ...siteTagsOf(w.stops)],
      searchTerms: search.terms,
      searchText: search.text,
    });
    await repo.insertDeliveryItem(tx, item.id, w.delivery, w.stops);
    await markShortWait(tx, item.id);
    return item;
  }

  async function writeWarehouse(tx: Database, creatorId: string, w: WarehouseWrite): Promise<repo.RequestItemRow> {
    const vehicleTypes = w.warehouse.vehicleTypes ?? [];
    const search = searchIndexOf(warehouseSearchFields({ ...w.warehouse, vehicleTypes }));
    const item = await repo.insertRequestItem(tx, {
      type: 'WAREHOUSE',
      creatorId,
      priceType: 'PER_UNIT',
      price: w.price,
      message: w.message,
      selectionDeadline: w.selectionDeadline,
      verifiedCarriersOnly: w.verifiedCarriersOnly,
      firstPickupAt: null,
      filterTags: warehouseTags(vehicleTypes, w.warehouse),
      searchTerms: search.terms,
      searchText: search.text,
    });
    await repo.insertWarehouseItem(tx, item.id, w.warehouse);
    return item;
  }

  /** A delivery as the create body states it, its rows and its images, in the caller's transaction (the form, the CSV import and the schedules post through it). */
  async function createDeliveryIn(tx: Database, creatorId: string, body: TCreateDeliveryBody): Promise<repo.RequestItemRow> {
    const item = await writeDelivery(tx, creatorId, {
      price: body.price ?? null,
      message: body.message ?? null,
      selectionDeadline: body.selectionDeadline ? new Date(body.selectionDeadline) : null,
      verifiedCarriersOnly: body.verifiedCarriersOnly ?? false,
      delivery: {
        vehicleType: body.vehicleType,
        vehicleTemperatureRange: body.vehicleTemperatureRange,
        temperatureMin: body.temperatureMin ?? null,
        temperatureMax: body.temperatureMax ?? null,
        baggageName: body.baggageName,
        material: body.material ?? null,
        weight: body.weight ?? null,
        totalWeight: body.totalWeight,
        distanceKm: body.distanceKm ?? null,
        totalAmount: body.totalAmount ?? null,
        size: body.size ?? null,
        incidentalWork: body.incidentalWork ?? [],
        incidentalCharge: body.incidentalCharge ?? null,
        waitingChargePer30Min: body.waitingChargePer30Min ?? null,
        tollsPaidBy: body.tollsPaidBy ?? null,
        fuelSurcharge: body.fuelSurcharge ?? null,
        paymentTerms: body.paymentTerms ?? null,
      },
      stops: body.transports.map((s, position) => ({
        position,
        transportType: s.transportType,
        postalCode: s.postalCode ?? null,
        prefecture: s.prefecture,
        city: s.city,
        town: s.town,
        block: s.block,
        building: s.building ?? null,
        name: s.name ?? null,
        phone: s.phone ?? null,
        timeFrom: new Date(s.timeFrom),
        timeTo: new Date(s.timeTo),
        elevator: s.elevator,
      })),
    });
    await attachImages(tx, creatorId, item.id, body.luggageImageIds);
    return item;
  }

  return {
    /**
     * A delivery posted inside the caller's transaction: the form's call below, and each
     * occurrence of a schedule (定期便, decision 107), so that both post exactly the same rows.
     */
    createDeliveryIn,

    async createDelivery(auth: Viewer, body: TCreateDeliveryBody): Promise<TRequestItemDetail> {
      const row = await db.transaction((tx) => createDeliveryIn(tx, auth.userId, body));
      return ownDetail(deps, auth, row.id);
    },

    /**
     * The CSV import (decision 106): each body posted exactly as the form posts it, all in one
     * transaction, so one refused row (an image not the caller's) leaves nothing posted.
     */
    async importDeliveries(auth: Viewer, body: TImportDeliveriesBody): Promise<TImportDeliveriesResponse> {
      const ids = await db.transaction(async (tx) => {
        const posted: string[] = [];
        for (const delivery of body.deliveries) posted.push((await createDeliveryIn(tx, auth.userId, delivery)).id);
        return posted;
      });
      return { message: SUCCESS_MESSAGES.deliveriesImported(ids.length), ids };
    },

    async createWarehouse(auth: Viewer, body: TCreateWarehouseBody): Promise<TRequestItemDetail> {
      const row = await db.transaction(async (tx) => {
        const item = await writeWarehouse(tx, auth.userId, {
          price: body.price,
          message: body.message ?? null,
          selectionDeadline: body.selectionDeadline ? new Date(body.selectionDeadline) : null,
          verifiedCarriersOnly: body.verifiedCarriersOnly ?? false,
          warehouse: {
            roomTemperatureRange: body.roomTemperatureRange,
            requestAmount: body.requestAmount,
            acreage: body.acreage,
            postalCode: body.postalCode ?? null,
            prefecture: body.prefecture,
            city: body.city,
            town: body.town,
            block: body.block,
            building: body.building ?? null,
            vehicleTypes: body.vehicleTypes ?? [],
          },
        });
        await attachImages(tx, auth.userId, item.id, body.imageIds);
        return item;
      });
      return ownDetail(deps, auth, row.id);
    },

    /**
     * 「認証済みの運送会社のみ」 on an open request (decision 104), by its owner only (404 for anyone
     * else). Applications already made stay; the rule holds for the next ones.
     */
    async setVerifiedCarriersOnly(
      auth: Viewer,
      requestItemId: string,
      verifiedCarriersOnly: boolean,
    ): Promise<TVerifiedCarriersOnly> {
      return db.transaction(async (tx) => {
        const item = await lockRequestItem(tx, requestItemId);
        if (item.creatorId !== auth.userId) throw new AppError('REQUEST_ITEM_NOT_FOUND');
        if (item.status !== 'WAITING_APPROVE' || item.selectionClosedAt) throw new AppError('VERIFIED_ONLY_NOT_CHANGEABLE');
        await repo.setVerifiedCarriersOnly(tx, item.id, verifiedCarriersOnly);
        return { requestItemId: item.id, verifiedCarriersOnly, message: SUCCESS_MESSAGES.statusUpdated };
      });
    },

    /**
     * Open selection (decision 065): a request that closed at its deadline is posted again with
     * the same contents (no deadline; the photos move to the copy), and its applicants are told.
     * Once per request; a delivery whose pickup has begun cannot be posted as it was.
     */
    async repost(auth: Viewer, requestItemId: string): Promise<TRequestItemDetail> {
      const row = await withEvents(deps, async (tx, emit) => {
        const item = await lockRequestItem(tx, requestItemId);
        if (item.creatorId !== auth.userId) throw new AppError('REQUEST_ITEM_NOT_FOUND');
        if (!item.selectionClosedAt) throw new AppError('REPOST_NOT_ALLOWED');
        if (item.repostedAsId) throw new AppError('ALREADY_REPOSTED');
        const parts = await loadParts(tx, [item]);
        const same = {
          price: item.price,
          message: item.message,
          selectionDeadline: null,
          verifiedCarriersOnly: item.verifiedCarriersOnly,
        };
        let copy: repo.RequestItemRow;
        if (item.type === 'DELIVERY') {
          if (item.firstPickupAt && item.firstPickupAt.getTime() <= Date.now()) throw new AppError('REPOST_DATES_PASSED');
          const {
            id: _id,
            receiptImageId: _r,
            recipientSignatureImageId: _s,
            deliveryImageId: _d,
            reportedAt: _at,
            pickupTemperature: _p,
            deliveryTemperature: _t,
            temperatureLogFileId: _l,
            ...delivery
          } = parts.deliveries.get(item.id)!;
          const stops = (parts.stops.get(item.id) ?? []).map(({ id: _stop, ...stop }) => stop);
          copy = await writeDelivery(tx, auth.userId, { ...same, delivery, stops });
        } else {
          const { id: _id, ...warehouse } = parts.warehouses.get(item.id)!;
          copy = await writeWarehouse(tx, auth.userId, { ...same, price: item.price!, warehouse });
        }
        await repo.moveImages(tx, item.id, copy.id);
        await repo.setRepostedAs(tx, item.id, copy.id);
        // Those who applied before may apply again: they learn where.
        await emit({
          type: 'REQUEST_REPOSTED',
          requestItemId: copy.id,
          subject: await requestSubject(tx, copy.id),
          customerId: auth.userId,
          applicantIds: await repo.applicantIds(tx, item.id),
        });
        return copy;
      });
      return ownDetail(deps, auth, row.id);
    },
  };
}

export type RequestItemsService = ReturnType<typeof createRequestItemsService>;
