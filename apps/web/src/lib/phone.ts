/**
 * Japanese telephone numbers for display (issue 43 item 21): 0312345678 → 03-1234-5678,
 * 0451234567 → 045-123-4567, 09012345678 → 090-1234-5678, 0120123456 → 0120-123-456. Where
 * the hyphens go depends on the area code (市外局番, 1 to 5 digits after the 0, set by the
 * Ministry of Internal Affairs and Communications); libphonenumber-js carries Google's table of
 * them, of which only Japan's slice is bundled (scripts/phone-metadata.mjs). Stored numbers stay
 * digits only; a number the table does not know is shown as it was given.
 */
import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import slice from './phone-metadata.jp.json';

// JSON imports type country codes as plain strings.
const metadata = slice as unknown as MetadataJson;

export function formatPhone(value: string): string {
  const parsed = parsePhoneNumberFromString(value, 'JP', metadata);
  return parsed?.isValid() ? parsed.formatNational() : value;
}
