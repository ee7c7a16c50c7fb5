/** A request's reference number (依頼番号), one rule for the server and the web. */
/**
 * A request's reference number (依頼番号): the last 8 hex digits of its id, as A1B2-C3D4.
 * The id's tail is random (UUID v7), so it tells requests apart on a call or a page; the admin's
 * request lists find a request by it.
 */
export function requestReference(id: string): string {
  const tail = id.replace(/-/g, '').slice(-8).toUpperCase();
  return `${tail.slice(0, 4)}-${tail.slice(4)}`;
}

/** The 8 lowercase hex digits of a typed reference number (A1B2-C3D4, a1b2c3d4, ＃ and spaces ignored), or null. */
export function parseRequestReference(text: string): string | null {
  const hex = text
    .normalize('NFKC')
    .replace(/^#|[\s-]/g, '')
    .toLowerCase();
  return /^[0-9a-f]{8}$/.test(hex) ? hex : null;
}
