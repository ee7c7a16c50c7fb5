import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../platform/deps';

// TODO(seed): demo accounts on an empty database.
export async function seedDemoData(_deps: Deps, _log: FastifyBaseLogger) {}
