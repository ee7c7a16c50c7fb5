import { z } from 'zod';

/**
 * An enumeration: its values, their Japanese labels and its schema. Pure, so that a bundle
 * keeps only the enumerations its code uses.
 */
export const labelled = /* @__NO_SIDE_EFFECTS__ */ <const T extends readonly [string, ...string[]]>(
  values: T,
  labels: Record<T[number], string>,
) => ({ values, labels, schema: z.enum(values) }) as const;
