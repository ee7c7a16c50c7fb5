/**
 * A site (issue 48 part 3, decision 105): the normalised address of a shipper's stop, so that the
 * same premises typed twice a little differently are one site. Pure.
 *
 * The key is prefecture + city + town + block, each folded, a "-" between a town ending in a
 * number and a block starting with one:
 * - NFKC: full-width letters, digits and signs become half-width (１２３ → 123, Ａ → A), half-width
 *   katakana full-width;
 * - every dash-like sign (‐ ‑ ‒ – — ― − － ｰ and ー after a digit) becomes "-";
 * - 丁目, 番地, 番 and 号 after a number become "-" (1丁目2番3号 ≡ 1-2-3), a trailing "-" goes;
 * - white space goes, Latin letters are lower-cased.
 * The building and the postal code are left out: a site is the premises whatever floor a stop
 * names, and the postal code is optional on a stop, so keeping it would split one site in two.
 */
export interface SiteAddress {
  prefecture: string;
  city: string;
  town: string;
  block: string;
}

const DASHES = /[\u2010-\u2015\u2212\u2043\u30FC\uFF0D\uFF70\uFE58\uFE63-]/g;

export function normaliseAddressPart(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .toLowerCase()
    .replace(/(\d)丁目/g, '$1-')
    .replace(/(\d)番地?/g, '$1-')
    .replace(/(\d)号/g, '$1')
    .replace(DASHES, '-')
    .replace(/-+/g, '-')
    .replace(/-$/, '');
}

export function siteKey(a: SiteAddress): string {
  const town = normaliseAddressPart(a.town);
  const block = normaliseAddressPart(a.block);
  // 銀座1 + 2-3 is 銀座1-2-3, as 銀座 + 1-2-3 is.
  const joint = /\d$/.test(town) && /^\d/.test(block) ? '-' : '';
  return `${normaliseAddressPart(a.prefecture)}${normaliseAddressPart(a.city)}${town}${joint}${block}`;
}

/** The market's tag of a request's site (request_items.filter_tags), and the tag of a request whose measured sites wait under an hour. */
export const SITE_TAG = (key: string) => `S:${key}`;
export const SHORT_WAIT_TAG = 'Q:SHORT_WAIT';
