/**
 * Rows → the contract's request item shapes, with the masking of DESIGN §4 applied
 * here, on the server: a viewer who may not see the customer's contact details gets
 * HIDDEN_SAMPLES in their place and `isHidden: true`.
 */
import {
  HIDDEN_SAMPLES,
  isColdChain,
  TemperatureRange,
  TransportType,
  Role,
  VehicleType,
  transitStopLabel,
  type TDeliveryItem,
  type TDeliveryStatus,
  type TFileRef,
  type TRequestCustomer,
  type TRequestItem,
  type TTalkroomRef,
  type TTransportConditions,
  type TTransportStop,
  type TWarehouseItem,
  type TWarehouseStatus,
} from '@logi/contract';
import { isReportComplete, readingsOutOfRange } from '../../domain/delivery-report';
import { personName } from '../../domain/person-name';
import { carrierOf, isAllowCancel } from '../../domain/request-lifecycle';
import { isNearDate, isNewArrival } from '../../domain/request-visibility';
import type { ConditionsVersionRow, CustomerRow } from './request-items.detail.repository';
import type { DeliveryPart, ItemParts, ListedItemRow, TransportStopPart, WarehousePart } from './request-items.parts.repository';
import type { TalkroomRow } from './request-items.repository';

/** Short-lived download URLs by file id (from the files module). */
export type FileUrls = ReadonlyMap<string, string>;

export interface ViewContext {
  now: Date;
  /** The caller may see the customer's contact details and message. */
  canSee: boolean;
  fileUrls: FileUrls;
}

const fileRef = (id: string | null, urls: FileUrls): TFileRef | null => (id ? { id, fileUrl: urls.get(id) ?? null } : null);

/** 集荷 / 配達 as labelled, transits numbered in route order: 経由1, 経由2 … */
function stopLabels(stops: readonly TransportStopPart[]): string[] {
  let transit = 0;
  return stops.map((s) => (s.transportType === 'TRANSIT' ? transitStopLabel(++transit) : TransportType.labels[s.transportType]));
}

function toStop(stop: TransportStopPart, label: string, canSee: boolean): TTransportStop {
  return {
    id: stop.id,
    position: stop.position,
    transportType: stop.transportType,
    label,
    location: {
      postalCode: stop.postalCode,
      prefecture: stop.prefecture,
      city: stop.city,
      town: stop.town,
      block: canSee ? stop.block : HIDDEN_SAMPLES.block,
      building: canSee ? stop.building : null,
    },
    name: canSee ? stop.name : HIDDEN_SAMPLES.stopName,
    phone: canSee ? stop.phone : HIDDEN_SAMPLES.phone,
    timeFrom: stop.timeFrom.toISOString(),
    timeTo: stop.timeTo.toISOString(),
    elevator: stop.elevator,
  };
}

function toDeliveryItem(
  item: ListedItemRow,
  d: DeliveryPart,
  stops: readonly TransportStopPart[],
  ctx: ViewContext,
): TDeliveryItem {
  const labels = stopLabels(stops);
  // The report belongs to the parties of the deal only.
  const report = (id: string | null) => (ctx.canSee ? id : null);
  return {
    id: d.id,
    vehicleType: d.vehicleType,
    vehicleTemperatureRange: d.vehicleTemperatureRange,
    temperatureMin: d.temperatureMin,
    temperatureMax: d.temperatureMax,
    status: item.status as TDeliveryStatus,
    baggageName: d.baggageName,
    material: d.material,
    weight: d.weight,
    totalWeight: d.totalWeight,
    distanceKm: d.distanceKm,
    totalAmount: d.totalAmount,
    size: d.size,
    transports: stops.map((s, i) => toStop(s, labels[i]!, ctx.canSee)),
    receiptImageId: report(d.receiptImageId),
    recipientSignatureImageId: report(d.recipientSignatureImageId),
    deliveryImageId: report(d.deliveryImageId),
    receiptImage: fileRef(report(d.receiptImageId), ctx.fileUrls),
    recipientSignatureImage: fileRef(report(d.recipientSignatureImageId), ctx.fileUrls),
    deliveryImage: fileRef(report(d.deliveryImageId), ctx.fileUrls),
    reportedAt: ctx.canSee ? (d.reportedAt?.toISOString() ?? null) : null,
    incidentalWork: d.incidentalWork,
    incidentalCharge: d.incidentalCharge,
    waitingChargePer30Min: d.waitingChargePer30Min,
    tollsPaidBy: d.tollsPaidBy,
    fuelSurcharge: d.fuelSurcharge,
    paymentTerms: d.paymentTerms,
    pickupTemperature: ctx.canSee ? d.pickupTemperature : null,
    deliveryTemperature: ctx.canSee ? d.deliveryTemperature : null,
    temperatureLogFile: fileRef(report(d.temperatureLogFileId), ctx.fileUrls),
    isTemperatureRequired: isColdChain(d.vehicleTemperatureRange),
    isTemperatureOutOfRange: ctx.canSee && readingsOutOfRange(d).length > 0,
    isReportComplete: isReportComplete(d),
    isAllowCancel: isAllowCancel(item),
  };
}

function toWarehouseItem(item: ListedItemRow, w: WarehousePart, images: TFileRef[], ctx: ViewContext): TWarehouseItem {
  return {
    id: w.id,
    roomTemperatureRange: w.roomTemperatureRange,
    status: item.status as TWarehouseStatus,
    requestAmount: w.requestAmount,
    acreage: w.acreage,
    location: {
      postalCode: w.postalCode,
      prefecture: w.prefecture,
      city: w.city,
      town: w.town,
      block: ctx.canSee ? w.block : HIDDEN_SAMPLES.block,
      building: ctx.canSee ? w.building : null,
    },
    vehicleTypes: w.vehicleTypes,
    images,
    isAllowCancel: isAllowCancel(item),
  };
}

export function toRequestItem(item: ListedItemRow, parts: ItemParts, ctx: ViewContext): TRequestItem {
  const images = (parts.images.get(item.id) ?? []).map((id) => fileRef(id, ctx.fileUrls)!);
  const delivery = parts.deliveries.get(item.id);
  const warehouse = parts.warehouses.get(item.id);
  return {
    id: item.id,
    type: item.type,
    status: item.status,
    price: { priceType: item.priceType, price: item.price },
    message: ctx.canSee ? item.message : HIDDEN_SAMPLES.message,
    isHidden: !ctx.canSee,
    deliveryItem: delivery ? toDeliveryItem(item, delivery, parts.stops.get(item.id) ?? [], ctx) : null,
    warehouseItem: warehouse ? toWarehouseItem(item, warehouse, images, ctx) : null,
    images,
    creatorId: item.creatorId,
    receiverId: item.receiverId,
    carrierId: carrierOf(item),
    // 新着 is news for bidders: a request that found its carrier is no longer new.
    isNewArrival: item.status === 'WAITING_APPROVE' && isNewArrival(item.createdAt, ctx.now),
    isNearDate: isNearDate(item.status, item.firstPickupAt, ctx.now),
    selectionDeadline: item.selectionDeadline?.toISOString() ?? null,
    selectionClosedAt: item.selectionClosedAt?.toISOString() ?? null,
    repostedAsId: ctx.canSee ? item.repostedAsId : null,
    verifiedCarriersOnly: item.verifiedCarriersOnly,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

export function toCustomer(row: CustomerRow, canSee: boolean): TRequestCustomer {
  if (!canSee) {
    return {
      id: row.user.id,
      companyName: HIDDEN_SAMPLES.companyName,
      customerName: HIDDEN_SAMPLES.customerName,
      address: HIDDEN_SAMPLES.address,
      phone: HIDDEN_SAMPLES.phone,
      email: HIDDEN_SAMPLES.email,
      invoice: HIDDEN_SAMPLES.invoice,
    };
  }
  const l = row.location;
  return {
    id: row.user.id,
    companyName: row.company?.name ?? '',
    customerName: personName(row.user, row.company?.name ?? Role.labels.CUSTOMER),
    address: l ? [l.prefecture, l.city, l.town, l.block, l.building ?? ''].join('') : '',
    phone: row.user.phone ?? '',
    email: row.user.email,
    invoice: row.company?.invoiceRegistrationNo ?? null,
  };
}

export function toReceiver(row: { user: CustomerRow['user']; companyName: string | null }) {
  // The approved carrier: a driver has a parent account, a driver manager none.
  const fallback = row.companyName ?? Role.labels[row.user.parentId ? 'DRIVER' : 'DRIVER_MANAGER'];
  return { id: row.user.id, name: personName(row.user, fallback), phone: row.user.phone, companyName: row.companyName };
}

/** Every version of the 運送条件書 (oldest first) and the newest, the one in force; null before the first. */
export function conditionsOf(versions: readonly ConditionsVersionRow[]): TTransportConditions | null {
  const all = versions.map((v) => ({ ...v, issuedAt: v.issuedAt.toISOString() }));
  const latest = all.at(-1);
  return latest ? { ...latest, versions: all } : null;
}

export function toTalkroom(t: TalkroomRow): TTalkroomRef {
  return {
    id: t.id,
    requestItemId: t.requestItemId,
    candidateId: t.candidateId,
    appliedUserId: t.appliedUserId,
    isActive: t.isActive,
    lastMessageAt: t.lastMessageAt?.toISOString() ?? null,
    customerMeetingCompletedAt: t.customerMeetingCompletedAt?.toISOString() ?? null,
    driverMeetingCompletedAt: t.driverMeetingCompletedAt?.toISOString() ?? null,
  };
}

/** The text the keyword search looks through: nothing that masking hides. */
export function deliverySearchFields(d: {
  baggageName: string;
  material?: string | null;
  size?: string | null;
  vehicleType: keyof typeof VehicleType.labels;
  vehicleTemperatureRange: keyof typeof TemperatureRange.labels;
  stops: readonly { prefecture: string; city: string; town: string }[];
}): string[] {
  return [
    d.baggageName,
    d.material ?? '',
    d.size ?? '',
    VehicleType.labels[d.vehicleType],
    TemperatureRange.labels[d.vehicleTemperatureRange],
    ...d.stops.map((s) => s.prefecture + s.city + s.town),
  ];
}

export function warehouseSearchFields(w: {
  prefecture: string;
  city: string;
  town: string;
  roomTemperatureRange: keyof typeof TemperatureRange.labels;
  vehicleTypes: readonly (keyof typeof VehicleType.labels)[];
}): string[] {
  return [
    w.prefecture + w.city + w.town,
    TemperatureRange.labels[w.roomTemperatureRange],
    ...w.vehicleTypes.map((v) => VehicleType.labels[v]),
  ];
}
