/**
 * What the request lists search and filter on, computed once when a request item is
 * written (docs/decisions/008-request-item-lists.md):
 *
 * - search terms: the character unigrams and bigrams of the searchable text. A keyword
 *   of one character is found by its unigram, a longer one by all of its bigrams
 *   (`search_terms @> …`, GIN); the normalised text itself then confirms the exact
 *   substring. pg_trgm needs three characters and pg_bigm is not available on PGlite,
 *   so this is how 冷凍 or 銀 are found through an index on both databases.
 * - filter tags: one array holding every list filter value an item matches
 *   (vehicle types, pickup / delivery / warehouse locations, stop kinds), GIN-indexed,
 *   so any combination of list filters is one index condition per filter.
 */
import type { TTransportType, TVehicleType } from '@logi/contract';

/** Full-width/half-width and case folded, so ＡＢＣ, abc and ABC match alike. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Whitespace-separated pieces; terms never span two pieces (or two fields). */
function segments(text: string): string[] {
  return normalize(text).split(/\s+/u).filter(Boolean);
}

function gramsOf(segment: string, into: Set<string>) {
  const chars = Array.from(segment);
  for (let i = 0; i < chars.length; i++) {
    into.add(chars[i]!);
    if (i + 1 < chars.length) into.add(chars[i]! + chars[i + 1]!);
  }
}

/** Search terms and the normalised text of an item's searchable fields. */
export function searchIndexOf(fields: readonly (string | null | undefined)[]): { terms: string[]; text: string } {
  const pieces = fields.flatMap((f) => (f ? segments(f) : []));
  const terms = new Set<string>();
  for (const piece of pieces) gramsOf(piece, terms);
  // One piece per line: a keyword (which holds no line break) cannot match across two.
  return { terms: [...terms].sort(), text: pieces.join('\n') };
}

/**
 * A keyword as index terms (all must be present) and words (each must occur as a
 * substring); null when it holds nothing to search for.
 */
export function keywordSearch(keyword: string): { terms: string[]; words: string[] } | null {
  const words = [...new Set(segments(keyword))];
  if (words.length === 0) return null;
  const terms = new Set<string>();
  for (const word of words) {
    const chars = Array.from(word);
    if (chars.length === 1) terms.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i]! + chars[i + 1]!);
  }
  return { terms: [...terms].sort(), words };
}

// ───────────────────────── filter tags ─────────────────────────

export const TAG = {
  vehicle: (v: string) => `V:${v}`,
  pickup: (place: string) => `P:${normalize(place)}`,
  send: (place: string) => `D:${normalize(place)}`,
  warehouse: (place: string) => `W:${normalize(place)}`,
  stopKind: (t: string) => `T:${t}`,
} as const;

interface Place {
  prefecture: string;
  city: string;
}

/** A place matches a filter given as its prefecture or as prefecture + city. */
const placeNames = (p: Place) => [p.prefecture, p.prefecture + p.city];

export function deliveryTags(vehicleType: TVehicleType, stops: readonly (Place & { transportType: TTransportType })[]): string[] {
  const tags = new Set<string>([TAG.vehicle(vehicleType)]);
  for (const stop of stops) {
    tags.add(TAG.stopKind(stop.transportType));
    if (stop.transportType === 'PICKUP') placeNames(stop).forEach((n) => tags.add(TAG.pickup(n)));
    if (stop.transportType === 'DELIVERY') placeNames(stop).forEach((n) => tags.add(TAG.send(n)));
  }
  return [...tags].sort();
}

export function warehouseTags(vehicleTypes: readonly TVehicleType[], place: Place): string[] {
  const tags = new Set<string>(vehicleTypes.map(TAG.vehicle));
  placeNames(place).forEach((n) => tags.add(TAG.warehouse(n)));
  return [...tags].sort();
}
