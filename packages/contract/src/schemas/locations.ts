import { z } from 'zod';
import { postalCode } from './common';

/** `postalCode` is NNN-NNNN (spec §5); seven digits without the hyphen are refused. */
export const ZLocationQuery = z.lazy(() => z.object({ postalCode: postalCode() }));
export type TLocationQuery = z.infer<typeof ZLocationQuery>;

/** One address of a postal code; `town` is '' when the code covers the whole city. */
export const ZPostalAddress = z.lazy(() =>
  z.object({
    prefecture: z.string(),
    city: z.string(),
    town: z.string(),
  }),
);
export type TPostalAddress = z.infer<typeof ZPostalAddress>;

/**
 * The spec's lookup result (prefecture, city, town: the first address of the
 * code) plus `addresses`: every address of the code in Japan Post order, for the
 * few codes that name several towns (or cities) so the form can offer a choice.
 */
export const ZPostalLookupResult = z.lazy(() =>
  ZPostalAddress.unwrap().extend({
    addresses: z.array(ZPostalAddress).min(1),
  }),
);
export type TPostalLookupResult = z.infer<typeof ZPostalLookupResult>;
