/**
 * Fastify gives every request a child logger bound to its request id. A pino child serializes
 * its bindings when made: a few microseconds that every request paid, though almost none logs a
 * line (issue 15: about a tenth of the fixed per-request cost). This factory hands out a
 * stand-in that makes the real child on the request's first line, with the same bindings and
 * options; its methods live on the prototype, so a request allocates one small object.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type Options = Parameters<FastifyBaseLogger['child']>[1];
type Line = (...args: unknown[]) => void;

class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: Options,
  ) {}

  private get log(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.log.level = level;
  }
  fatal(...args: unknown[]) {
    (this.log.fatal as Line)(...args);
  }
  error(...args: unknown[]) {
    (this.log.error as Line)(...args);
  }
  warn(...args: unknown[]) {
    (this.log.warn as Line)(...args);
  }
  info(...args: unknown[]) {
    (this.log.info as Line)(...args);
  }
  debug(...args: unknown[]) {
    (this.log.debug as Line)(...args);
  }
  trace(...args: unknown[]) {
    (this.log.trace as Line)(...args);
  }
  silent(...args: unknown[]) {
    (this.log.silent as Line)(...args);
  }
  child(bindings: Bindings, options?: Options): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}

export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
