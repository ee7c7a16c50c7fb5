/**
 * A shipper's own temperature range within a 冷蔵・冷凍 zone (decision 085), e.g. 2〜8℃: the rule
 * the create body and the create form share.
 */
import type { z } from 'zod';
import { COLD_CHAIN_LIMITS, isColdChain, temperatureLimitText } from '../cold-chain';
import { TemperatureRange, type TTemperatureRange } from '../enums/index';
import { FIELD_MESSAGES } from '../messages';

/**
 * What is wrong with a shipper's own temperature range (decision 085), or null: shared by the API
 * body and the create form. Only a 冷蔵・冷凍 load takes one; the lower limit is below the upper;
 * both lie within the zone, so that the zone the carrier equipped for still holds.
 */
export function customTemperatureRangeError(
  zone: TTemperatureRange,
  min: number | null | undefined,
  max: number | null | undefined,
): { field: 'temperatureMin' | 'temperatureMax'; message: string } | null {
  const given = (v: number | null | undefined): v is number => v !== null && v !== undefined;
  if (!given(min) && !given(max)) return null;
  if (!isColdChain(zone)) {
    return { field: given(min) ? 'temperatureMin' : 'temperatureMax', message: FIELD_MESSAGES.temperatureRangeColdOnly };
  }
  if (given(min) && given(max) && min >= max) return { field: 'temperatureMax', message: FIELD_MESSAGES.temperatureRangeOrder };
  const limits = COLD_CHAIN_LIMITS[zone];
  const outside = (field: 'temperatureMin' | 'temperatureMax', v: number) =>
    (limits.min !== null && v < limits.min) || (limits.max !== null && v > limits.max) ? field : null;
  const field = (given(min) && outside('temperatureMin', min)) || (given(max) && outside('temperatureMax', max));
  return field
    ? { field, message: FIELD_MESSAGES.temperatureRangeOutsideZone(TemperatureRange.labels[zone], temperatureLimitText(zone)) }
    : null;
}

/** The create body's refinement: the error under the field to change. */
export function temperatureRangeRule(
  v: { vehicleTemperatureRange: TTemperatureRange; temperatureMin?: number; temperatureMax?: number },
  ctx: z.RefinementCtx,
) {
  const error = customTemperatureRangeError(v.vehicleTemperatureRange, v.temperatureMin, v.temperatureMax);
  if (error) ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
}
