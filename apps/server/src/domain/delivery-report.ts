/**
 * The delivery report's rules (spec §3, decision 064): complete with the receipt, the
 * recipient's signature and a delivery image, and for a 冷蔵・冷凍 load also the temperatures
 * at pickup and at delivery; a reading outside the request's range is flagged. Pure.
 */
import { type TTemperatureRange, isColdChain, isTemperatureInRange } from '@logi/contract';

export interface DeliveryReportState {
  vehicleTemperatureRange: TTemperatureRange;
  receiptImageId: string | null;
  recipientSignatureImageId: string | null;
  deliveryImageId: string | null;
  pickupTemperature: number | null;
  deliveryTemperature: number | null;
  /** The shipper's own range (decision 085); null sides keep the zone's limits. */
  temperatureMin: number | null;
  temperatureMax: number | null;
}

export type ReadingPoint = 'PICKUP' | 'DELIVERY';

/** The parts the report needs and how many are in: three images, and a cold load's two readings. */
export function reportProgress(d: DeliveryReportState): { present: number; total: number } {
  const parts = [d.receiptImageId, d.recipientSignatureImageId, d.deliveryImageId];
  const needed = isColdChain(d.vehicleTemperatureRange) ? [...parts, d.pickupTemperature, d.deliveryTemperature] : parts;
  return { present: needed.filter((part) => part !== null).length, total: needed.length };
}

export function isReportComplete(d: DeliveryReportState): boolean {
  const { present, total } = reportProgress(d);
  return present === total;
}

/** The readings outside the request's range (its own, else the zone's), with where they were taken. */
export function readingsOutOfRange(
  d: Pick<
    DeliveryReportState,
    'vehicleTemperatureRange' | 'pickupTemperature' | 'deliveryTemperature' | 'temperatureMin' | 'temperatureMax'
  >,
): { point: ReadingPoint; celsius: number }[] {
  const readings: [ReadingPoint, number | null][] = [
    ['PICKUP', d.pickupTemperature],
    ['DELIVERY', d.deliveryTemperature],
  ];
  return readings.flatMap(([point, celsius]) =>
    celsius !== null && !isTemperatureInRange(d.vehicleTemperatureRange, celsius, d) ? [{ point, celsius }] : [],
  );
}
