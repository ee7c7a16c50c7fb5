/** Recognising PostgreSQL errors through whatever the driver (pg, PGlite, Drizzle) wrapped them in. */

/** A unique-index violation (23505), optionally of one named index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
