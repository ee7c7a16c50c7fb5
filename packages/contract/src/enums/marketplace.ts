/** The marketplace's enumerations: vehicles, stops, prices, request and candidate states, files. */
import { z } from 'zod';
import { labelled } from './labelled';

export const VehicleType = labelled(
  ['TEN_T_TRUCK', 'FOUR_T_TRUCK', 'TWO_T_TRUCK', 'ONE_T_TRUCK', 'LIGHT_TRUCK', 'COOL_TRUCK', 'VEHICLE_BY_LOAD'],
  {
    TEN_T_TRUCK: '10t',
    FOUR_T_TRUCK: '4t',
    TWO_T_TRUCK: '2t',
    ONE_T_TRUCK: '1t',
    LIGHT_TRUCK: '軽車両',
    COOL_TRUCK: '冷蔵冷凍車',
    VEHICLE_BY_LOAD: '荷物に合わせる',
  },
);
export type TVehicleType = (typeof VehicleType.values)[number];

export const TemperatureRange = labelled(['ROOM', 'REFRIGERATED', 'FROZEN'], {
  ROOM: '常温',
  REFRIGERATED: '冷蔵',
  FROZEN: '冷凍',
});
export type TTemperatureRange = (typeof TemperatureRange.values)[number];

export const Elevator = labelled(['YES', 'NO', 'NOT_NEEDED'], {
  YES: 'あり',
  NO: 'なし',
  NOT_NEEDED: '不要',
});
export type TElevator = (typeof Elevator.values)[number];

export const TimeSpecification = labelled(['TIME_RANGE', 'TIME_POINT'], {
  TIME_RANGE: '時間帯指定',
  TIME_POINT: '時刻指定',
});

export const RequestType = labelled(['DELIVERY', 'WAREHOUSE'], {
  DELIVERY: '配送',
  WAREHOUSE: '倉庫',
});
export type TRequestType = (typeof RequestType.values)[number];
/** The lowercase form used in URLs (/shipping-requests/applied/delivery). */
export const RequestTypeSlug = z.enum(['delivery', 'warehouse']);

export const PriceType = labelled(['FIXED', 'ESTIMATION', 'PER_UNIT'], {
  FIXED: '固定価格',
  ESTIMATION: '見積もり',
  PER_UNIT: '単価',
});
export type TPriceType = (typeof PriceType.values)[number];

/** 附帯業務 (written transport conditions, decision 067): work beyond driving that the job includes. */
export const IncidentalWork = labelled(['LOADING', 'UNLOADING', 'SORTING'], {
  LOADING: '積込み',
  UNLOADING: '荷下ろし',
  SORTING: '仕分け',
});
export type TIncidentalWork = (typeof IncidentalWork.values)[number];

/** Who pays the expressway tolls: the shipper at cost, or they are part of the fare. */
export const TollsPaidBy = labelled(['SHIPPER', 'INCLUDED'], {
  SHIPPER: '荷主負担（実費）',
  INCLUDED: '運賃に含む',
});
export type TTollsPaidBy = (typeof TollsPaidBy.values)[number];

export const TransportType = labelled(['PICKUP', 'DELIVERY', 'TRANSIT'], {
  PICKUP: '集荷',
  DELIVERY: '配達',
  TRANSIT: '経由',
});
export type TTransportType = (typeof TransportType.values)[number];

export const DeliveryStatus = labelled(['WAITING_APPROVE', 'APPROVED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'], {
  WAITING_APPROVE: '承認待ち',
  APPROVED: '承認済み',
  IN_PROGRESS: '集荷作業中',
  COMPLETED: '配送完了',
  CANCELLED: 'キャンセル',
});
export type TDeliveryStatus = (typeof DeliveryStatus.values)[number];

export const WarehouseStatus = labelled(['WAITING_APPROVE', 'COMPLETED', 'CANCELLED'], {
  WAITING_APPROVE: 'マッチング前',
  COMPLETED: 'マッチング完了',
  CANCELLED: 'キャンセル',
});
export type TWarehouseStatus = (typeof WarehouseStatus.values)[number];

/** A request item's status: the delivery statuses; a warehouse uses WAITING_APPROVE, COMPLETED, CANCELLED. */
export const RequestStatus = DeliveryStatus;
export type TRequestStatus = TDeliveryStatus;

/**
 * An application (bid) to a request item. WITHDRAWN: the applicant's company removed the
 * driver while the application was open.
 */
export const CandidateStatus = labelled(['APPLIED', 'APPROVED', 'NOT_CHOSEN', 'WITHDRAWN'], {
  APPLIED: '応募中',
  APPROVED: '承認済み',
  NOT_CHOSEN: '見送り',
  WITHDRAWN: '取り下げ',
});
export type TCandidateStatus = (typeof CandidateStatus.values)[number];

/** Quick filters on the request home and search (spec §3). */
export const SearchQuickFilter = labelled(['NEAR_DATE', 'NEW_ARRIVAL', 'WAREHOUSE', 'SHORT_WAIT'], {
  NEAR_DATE: '集荷日が近い',
  NEW_ARRIVAL: '新着',
  WAREHOUSE: '倉庫',
  // Sites whose measured waiting averages under an hour (decision 105).
  SHORT_WAIT: '荷待ち1時間未満',
});

/** What an uploaded file is; decides its accepted types and size limit (spec §5). */
export const FileKind = labelled(['IMAGE', 'VIDEO', 'DOCUMENT'], {
  IMAGE: '画像',
  VIDEO: '動画',
  DOCUMENT: '書類',
});
export type TFileKind = (typeof FileKind.values)[number];
