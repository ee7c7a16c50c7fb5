/** Request items shaped as the API answers them (the contract's ZRequestItemDetail), for tests. */
import type { TDeliveryItem, TRequestItemDetail, TTransportStop } from '@logi/contract';

const at = '2026-11-20T09:00:00.000+09:00';
/** A v7-looking UUID numbered n (fixtures need stable ids that pass the contract's uuid()). */
export const uuid = (n: number, block = '8000') => `0190a1b2-0000-7000-${block}-${String(n).padStart(12, '0')}`;

/** A delivery item's report before the driver has sent anything. */
export const noReport = {
  receiptImageId: null,
  recipientSignatureImageId: null,
  deliveryImageId: null,
  receiptImage: null,
  recipientSignatureImage: null,
  deliveryImage: null,
  reportedAt: null,
  pickupTemperature: null,
  deliveryTemperature: null,
  temperatureLogFile: null,
  isTemperatureRequired: false,
  isTemperatureOutOfRange: false,
  isReportComplete: false,
} as const;

/** A delivery item's written conditions when the customer asked for nothing beyond driving. */
export const noConditions: Pick<
  TDeliveryItem,
  'incidentalWork' | 'incidentalCharge' | 'waitingChargePer30Min' | 'tollsPaidBy' | 'fuelSurcharge' | 'paymentTerms'
> = {
  incidentalWork: [],
  incidentalCharge: null,
  waitingChargePer30Min: null,
  tollsPaidBy: 'SHIPPER',
  fuelSurcharge: null,
  paymentTerms: null,
};

export function stop(n: number, overrides: Partial<TTransportStop> = {}): TTransportStop {
  return {
    id: uuid(1000 + n),
    position: n,
    transportType: 'PICKUP',
    label: '集荷',
    location: { postalCode: '1000001', prefecture: '東京都', city: '千代田区', town: '千代田', block: '1-1', building: null },
    name: '担当者',
    phone: '0000000000',
    timeFrom: '2026-12-01T09:00:00.000+09:00',
    timeTo: '2026-12-01T12:00:00.000+09:00',
    elevator: 'YES',
    ...overrides,
  };
}

export function deliveryRequest(n = 1, overrides: Partial<TRequestItemDetail> = {}): TRequestItemDetail {
  return {
    id: uuid(n),
    type: 'DELIVERY',
    status: 'WAITING_APPROVE',
    price: { priceType: 'ESTIMATION', price: null },
    message: '詳細は承認後に表示されます。',
    isHidden: true,
    deliveryItem: {
      id: uuid(500 + n),
      vehicleType: 'FOUR_T_TRUCK',
      vehicleTemperatureRange: 'REFRIGERATED',
      temperatureMin: null,
      temperatureMax: null,
      status: 'WAITING_APPROVE',
      baggageName: `冷凍食品${n}`,
      material: '段ボール',
      weight: 12.5,
      totalWeight: 1250,
      distanceKm: null,
      totalAmount: 100,
      size: '60サイズ',
      transports: [
        stop(1),
        stop(2, {
          transportType: 'TRANSIT',
          label: '経由1',
          location: {
            postalCode: null,
            prefecture: '埼玉県',
            city: 'さいたま市大宮区',
            town: '桜木町',
            block: '1-1',
            building: null,
          },
          timeFrom: '2026-12-01T13:00:00.000+09:00',
          timeTo: '2026-12-01T14:00:00.000+09:00',
        }),
        stop(3, {
          transportType: 'DELIVERY',
          label: '配達',
          location: {
            postalCode: '2200011',
            prefecture: '神奈川県',
            city: '横浜市西区',
            town: '高島',
            block: '1-1',
            building: null,
          },
          timeFrom: '2026-12-02T09:00:00.000+09:00',
          timeTo: '2026-12-02T10:30:00.000+09:00',
          elevator: 'NOT_NEEDED',
        }),
      ],
      ...noReport,
      ...noConditions,
      isTemperatureRequired: true,
      isAllowCancel: true,
    },
    warehouseItem: null,
    images: [],
    creatorId: uuid(900),
    receiverId: null,
    carrierId: null,
    isNewArrival: true,
    isNearDate: false,
    selectionDeadline: null,
    selectionClosedAt: null,
    repostedAsId: null,
    verifiedCarriersOnly: false,
    createdAt: at,
    updatedAt: at,
    receiver: null,
    carrier: null,
    talkroom: null,
    talkrooms: [],
    transportConditions: null,
    agreedCharges: null,
    standardFareBreakdown: null,
    ...overrides,
  };
}
