/** Recognising PostgreSQL errors through whatever the driver (pg, PGlite, Drizzle) wrapped them in. */

/** A unique-index violation (23505), optionally of one named index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

/** Socket failures reaching the database, and pg's own messages for a connection that died. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * The database is away (stopped, restarting, failing over, unreachable): the request may
 * be retried later (503). Class 08 is connection exceptions, 57P01–57P03 an administrator
 * shutdown, a crash shutdown and "cannot connect now" (starting up).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  }
  return false;
}
