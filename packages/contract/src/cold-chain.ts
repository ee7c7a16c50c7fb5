/**
 * Cold-chain evidence (issue 16 item 4, decision 064). A 冷蔵 or 冷凍 delivery's report holds
 * the temperature measured at pickup and at delivery; a reading outside the request's range is
 * flagged to both parties before the customer approves. The zones' ranges are the trade's usual
 * ones (冷蔵 0〜10℃, 冷凍 -15℃以下; the spec names none); a shipper may narrow them to its own
 * range within the zone, e.g. 2〜8℃ (decision 085).
 */
import { TemperatureRange, type TTemperatureRange } from './enums/index';

export type TColdChainRange = Exclude<TTemperatureRange, 'ROOM'>;

/** Inclusive limits in ℃; null: no limit on that side. */
export interface TemperatureLimits {
  min: number | null;
  max: number | null;
}

/** The shipper's own range as a request stores it; a null side keeps the zone's limit. */
export interface CustomTemperatureRange {
  temperatureMin: number | null;
  temperatureMax: number | null;
}

export const COLD_CHAIN_LIMITS: Record<TColdChainRange, TemperatureLimits> = {
  REFRIGERATED: { min: 0, max: 10 },
  FROZEN: { min: null, max: -15 },
};

/** The readings a report may carry: a thermometer's plausible span, one decimal. */
export const TEMPERATURE_READING = { min: -50, max: 50 } as const;

export const isColdChain = (range: TTemperatureRange): range is TColdChainRange => range !== 'ROOM';

export const hasCustomRange = (custom: CustomTemperatureRange | null | undefined): boolean =>
  custom != null && (custom.temperatureMin !== null || custom.temperatureMax !== null);

/**
 * The limits a reading is judged against: the shipper's own where it set one, the zone's on the
 * other side. A custom range lies within its zone (the create body refuses one that does not).
 */
export function temperatureLimitsOf(range: TColdChainRange, custom?: CustomTemperatureRange | null): TemperatureLimits {
  const zone = COLD_CHAIN_LIMITS[range];
  return { min: custom?.temperatureMin ?? zone.min, max: custom?.temperatureMax ?? zone.max };
}

/** Whether a reading is within the request's range (a room-temperature load has none to break). */
export function isTemperatureInRange(range: TTemperatureRange, celsius: number, custom?: CustomTemperatureRange | null): boolean {
  if (!isColdChain(range)) return true;
  const { min, max } = temperatureLimitsOf(range, custom);
  return (min === null || celsius >= min) && (max === null || celsius <= max);
}

/** 「-18.0℃」: readings keep their one decimal so that 10.0 and 10.4 read differently. */
export const formatCelsius = (celsius: number): string => `${celsius.toFixed(1)}℃`;

/** 「0〜10℃」「-15℃以下」「2〜8℃」 (a custom range, as the shipper wrote it). */
export function temperatureLimitText(range: TColdChainRange, custom?: CustomTemperatureRange | null): string {
  const { min, max } = temperatureLimitsOf(range, custom);
  if (min !== null && max !== null) return `${min}〜${max}℃`;
  return min !== null ? `${min}℃以上` : `${max}℃以下`;
}

/** 「冷蔵」, or with the shipper's own range 「冷蔵（指定 2〜8℃）」: the zone as a detail or a confirm dialog names it. */
export function temperatureZoneText(zone: TTemperatureRange, custom?: CustomTemperatureRange | null): string {
  const label = TemperatureRange.labels[zone];
  return isColdChain(zone) && hasCustomRange(custom) ? `${label}（指定 ${temperatureLimitText(zone, custom)}）` : label;
}
