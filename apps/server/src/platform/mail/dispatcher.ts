import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../db/database';

// TODO(mail): deliver the outbox with retries (SMTP or dev mailbox).
export function createMailDispatcher(_config: Config, _db: Database, _log: FastifyBaseLogger) {
  return { start() {}, kick() {}, async stop() {} };
}
