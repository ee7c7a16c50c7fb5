/** The platform parts every module service receives (built once in buildApp). */
import type { Config } from '../config';
import type { ListsMemos } from './cache/lists-memo';
import type { Database } from './db/database';
import type { Metrics } from './metrics/metrics';
import type { JobQueue } from './jobs/job-queue';
import type { Payments } from './payments/create-payments';
import type { RealtimeBus } from './realtime/bus';
import type { FileStorage } from './storage/file-storage';
import type { AccessTokens } from './tokens/access-tokens';
import type { PasswordHasher } from './tokens/passwords';

export interface Deps {
  config: Config;
  db: Database;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  /** Nudges the mail dispatcher after a commit that wrote to the outbox. */
  mailWritten(): void;
  /** The background jobs (jobs.ts defines them): deferred sends, and the back office's view. */
  jobs: JobQueue;
  /** Fan-out of stream events to every API instance (publish after commit). */
  realtime: RealtimeBus;
  /** Makes memos of users' own lists and items' details, forgotten when the database says they changed. */
  listsMemos: ListsMemos;
  /** Object storage of uploaded files (local disk or S3). */
  storage: FileStorage;
  /** The card payment provider (Stripe, or the embedded sandbox). */
  payments: Payments;
  /** What GET /metrics reports: memos count their hits here, other parts add their figures. */
  metrics: Metrics;
}
