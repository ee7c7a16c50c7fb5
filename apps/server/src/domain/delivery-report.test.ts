import { describe, expect, it } from 'vitest';
import { type DeliveryReportState, isReportComplete, readingsOutOfRange } from './delivery-report';
import { planNotifications } from './notification-plan';

const images = { receiptImageId: 'r', recipientSignatureImageId: 's', deliveryImageId: 'd' };
const report = (over: Partial<DeliveryReportState>): DeliveryReportState => ({
  vehicleTemperatureRange: 'ROOM',
  ...images,
  pickupTemperature: null,
  deliveryTemperature: null,
  temperatureMin: null,
  temperatureMax: null,
  ...over,
});

describe('the delivery report', () => {
  it('is complete with the three images for a room-temperature load', () => {
    expect(isReportComplete(report({}))).toBe(true);
    expect(isReportComplete(report({ deliveryImageId: null }))).toBe(false);
  });

  it('needs both readings for a 冷蔵 or 冷凍 load', () => {
    for (const range of ['REFRIGERATED', 'FROZEN'] as const) {
      expect(isReportComplete(report({ vehicleTemperatureRange: range }))).toBe(false);
      expect(isReportComplete(report({ vehicleTemperatureRange: range, pickupTemperature: 4 }))).toBe(false);
      expect(isReportComplete(report({ vehicleTemperatureRange: range, pickupTemperature: 0, deliveryTemperature: 0 }))).toBe(
        true,
      );
    }
  });

  it('flags readings outside 冷蔵 0〜10℃ and 冷凍 -15℃以下, the limits themselves inside', () => {
    const cold = (vehicleTemperatureRange: DeliveryReportState['vehicleTemperatureRange'], p: number, d: number) =>
      readingsOutOfRange({
        vehicleTemperatureRange,
        pickupTemperature: p,
        deliveryTemperature: d,
        temperatureMin: null,
        temperatureMax: null,
      });
    expect(cold('REFRIGERATED', 0, 10)).toEqual([]);
    expect(cold('REFRIGERATED', -0.1, 10.1)).toEqual([
      { point: 'PICKUP', celsius: -0.1 },
      { point: 'DELIVERY', celsius: 10.1 },
    ]);
    expect(cold('FROZEN', -15, -25)).toEqual([]);
    expect(cold('FROZEN', -14.9, -18)).toEqual([{ point: 'PICKUP', celsius: -14.9 }]);
    expect(cold('ROOM', 40, -40)).toEqual([]);
  });

  it('judges readings against the shipper’s own range where it set one, the zone’s limit on the other side', () => {
    const own = (p: number, d: number, temperatureMin: number | null, temperatureMax: number | null) =>
      readingsOutOfRange({
        vehicleTemperatureRange: 'REFRIGERATED',
        pickupTemperature: p,
        deliveryTemperature: d,
        temperatureMin,
        temperatureMax,
      });
    // 2〜8℃: 1.5 and 9.0 are inside the zone's 0〜10℃ but outside the request's range.
    expect(own(1.5, 9, 2, 8)).toEqual([
      { point: 'PICKUP', celsius: 1.5 },
      { point: 'DELIVERY', celsius: 9 },
    ]);
    expect(own(2, 8, 2, 8)).toEqual([]);
    // Only a lower limit: the zone's 10℃ still caps it.
    expect(own(3, 10.5, 2, null)).toEqual([{ point: 'DELIVERY', celsius: 10.5 }]);
    const frozen = readingsOutOfRange({
      vehicleTemperatureRange: 'FROZEN',
      pickupTemperature: -16,
      deliveryTemperature: -20,
      temperatureMin: null,
      temperatureMax: -18,
    });
    expect(frozen).toEqual([{ point: 'PICKUP', celsius: -16 }]);
  });
});

describe('the alert of a reading out of range', () => {
  it('goes to the customer and the carrier side (not who measured), each with its own page, and by e-mail', () => {
    const plan = planNotifications({
      type: 'TEMPERATURE_OUT_OF_RANGE',
      requestItemId: 'item',
      subject: '冷凍食品',
      range: 'FROZEN',
      custom: { temperatureMin: null, temperatureMax: null },
      readings: [{ point: 'PICKUP', celsius: -10 }],
      actorId: 'driver',
      customerId: 'customer',
      carrierIds: ['manager', 'driver'],
    });
    expect(plan.notifications.map((n) => [n.audience, n.link, n.byMail])).toEqual([
      [{ userIds: ['customer'] }, '/shipping-requests/my-items/detail/item', true],
      [{ userIds: ['manager'] }, '/shipping-requests/applied-items/detail/item', true],
    ]);
    expect(plan.notifications[0]).toMatchObject({
      type: 'TEMPERATURE_OUT_OF_RANGE',
      message:
        '冷凍食品: 集荷時 -10.0℃（冷凍の基準 -15℃以下）。依頼の詳細で測定値をご確認のうえ、完了報告の承認前にトークルームで取引の相手と状況をご相談ください（トークルームは配送完了まで利用できます）。',
    });
  });

  it('names the shipper’s own range when the request set one', () => {
    const plan = planNotifications({
      type: 'TEMPERATURE_OUT_OF_RANGE',
      requestItemId: 'item',
      subject: 'ワクチン',
      range: 'REFRIGERATED',
      custom: { temperatureMin: 2, temperatureMax: 8 },
      readings: [{ point: 'DELIVERY', celsius: 9.5 }],
      actorId: 'driver',
      customerId: 'customer',
      carrierIds: ['driver'],
    });
    expect(plan.notifications[0]!.message).toMatch(/^ワクチン: 配達時 9\.5℃（冷蔵・依頼の指定 2〜8℃）。/);
  });
});
