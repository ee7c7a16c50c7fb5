/**
 * Cold-chain evidence (issue 16 item 4, decision 064). A 冷蔵 or 冷凍 delivery's report holds
 * the temperature measured at pickup and at delivery; a reading outside the range of the
 * request's temperature zone is flagged to both parties before the customer approves.
 * The ranges are the trade's usual ones (冷蔵 0〜10℃, 冷凍 -15℃以下); the spec names none.
 */
import type { TTemperatureRange } from './enums/index';

export type TColdChainRange = Exclude<TTemperatureRange, 'ROOM'>;

/** Inclusive limits in ℃; null: no limit on that side. */
export const COLD_CHAIN_LIMITS: Record<TColdChainRange, { min: number | null; max: number | null }> = {
  REFRIGERATED: { min: 0, max: 10 },
  FROZEN: { min: null, max: -15 },
};

/** The readings a report may carry: a thermometer's plausible span, one decimal. */
export const TEMPERATURE_READING = { min: -50, max: 50 } as const;

export const isColdChain = (range: TTemperatureRange): range is TColdChainRange => range !== 'ROOM';

/** Whether a reading is within the zone's range (a room-temperature load has none to break). */
export function isTemperatureInRange(range: TTemperatureRange, celsius: number): boolean {
  if (!isColdChain(range)) return true;
  const { min, max } = COLD_CHAIN_LIMITS[range];
  return (min === null || celsius >= min) && (max === null || celsius <= max);
}

/** 「-18.0℃」: readings keep their one decimal so that 10.0 and 10.4 read differently. */
export const formatCelsius = (celsius: number): string => `${celsius.toFixed(1)}℃`;

/** 「0〜10℃」「-15℃以下」. */
export function temperatureLimitText(range: TColdChainRange): string {
  const { min, max } = COLD_CHAIN_LIMITS[range];
  if (min !== null && max !== null) return `${min}〜${max}℃`;
  return min !== null ? `${min}℃以上` : `${max}℃以下`;
}
