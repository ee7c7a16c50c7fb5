import { z } from 'zod';

/**
 * An enumeration: its values, their Japanese labels and its schema. Pure, so that a bundle
 * keeps only the enumerations its code uses.
 */
export const labelled = /* @__NO_SIDE_EFFECTS__ */ <const T extends readonly [string, ...string[]]>(
  values: T,
  labels: Record<T[number], string>,
) => {
  const build = () => z.enum(values);
  let schema: ReturnType<typeof build> | undefined;
  return {
    values,
    labels,
    /** Built on first use, as the contract's schemas are (decision 077). */
    get schema() {
      return (schema ??= build());
    },
  } as const;
};
