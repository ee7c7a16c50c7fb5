/**
 * JSON answers kept as UTF-8 bytes (issue 15). Node encodes a string body to UTF-8 on every
 * write, and for a market page of 20 items (18 kB) that cost more than the rest of the answer:
 * bare Fastify sent that page 3,300–3,900 times a second as a string, 15,700–16,800 as bytes.
 * An answer kept for many readers (the caches and memos) is therefore kept encoded, once.
 */
export const encodeJson = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');

/** The same, for an answer still being loaded. */
export const encodeJsonOf = async (answer: Promise<unknown>): Promise<Buffer> => encodeJson(await answer);
