/**
 * Postal code lookup (spec §5, §7 "Files and locations"): NNN-NNNN → the
 * prefecture, city and town that fill the address fields of a form.
 */
import type { TPostalLookupResult } from '@logi/contract';
import { AppError } from '../../platform/errors/app-error';
import { encodeJson } from '../../platform/http/json-bytes';
import type { PostalDirectory } from '../../platform/postal/postal-directory';

/** Answers kept encoded: a form's lookups repeat, and a few thousand codes are a few hundred KB. */
const REMEMBERED_ANSWERS = 5_000;

export function createLocationsService(postal: PostalDirectory) {
  const answers = new Map<string, Buffer>();

  /**
   * `postalCode` has passed the contract's NNN-NNNN pattern. When the code
   * names several addresses the first (Japan Post order) fills the fields and
   * `addresses` lists them all.
   */
  function lookup(postalCode: string): TPostalLookupResult {
    const addresses = postal.lookup(postalCode.replace('-', ''));
    const [first] = addresses;
    if (!first) throw new AppError('POSTAL_CODE_NOT_FOUND');
    return { ...first, addresses };
  }

  return {
    /** The answer as encoded JSON, remembered: the data changes only with a release. */
    lookupJson(postalCode: string): Buffer {
      let bytes = answers.get(postalCode);
      if (bytes === undefined) {
        bytes = encodeJson(lookup(postalCode));
        if (answers.size >= REMEMBERED_ANSWERS) answers.clear();
        answers.set(postalCode, bytes);
      }
      return bytes;
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
