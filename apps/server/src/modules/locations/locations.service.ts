/**
 * Postal code lookup (spec §5, §7 "Files and locations"): NNN-NNNN → the
 * prefecture, city and town that fill the address fields of a form.
 */
import type { TPostalLookupResult } from '@logi/contract';
import { AppError } from '../../platform/errors/app-error';
import type { PostalDirectory } from '../../platform/postal/postal-directory';

export function createLocationsService(postal: PostalDirectory) {
  return {
    /**
     * `postalCode` has passed the contract's NNN-NNNN pattern. When the code
     * names several addresses the first (Japan Post order) fills the fields and
     * `addresses` lists them all.
     */
    lookup(postalCode: string): TPostalLookupResult {
      const addresses = postal.lookup(postalCode.replace('-', ''));
      const [first] = addresses;
      if (!first) throw new AppError('POSTAL_CODE_NOT_FOUND');
      return { ...first, addresses };
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
