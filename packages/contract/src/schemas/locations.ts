import { z } from 'zod';
import { postalCode } from './common';

export const ZLocationQuery = z.object({ postalCode: postalCode() });
export const ZPostalLookupResult = z.object({
  prefecture: z.string(),
  city: z.string(),
  town: z.string(),
});
export type TPostalLookupResult = z.infer<typeof ZPostalLookupResult>;
