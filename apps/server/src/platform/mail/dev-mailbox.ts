import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

// TODO(mail): /dev/mailbox page.
export function registerDevMailbox(_app: FastifyInstance, _db: Database) {}
