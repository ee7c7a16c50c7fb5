/**
 * Environment → typed config, in one place. Every other module receives the
 * parsed `Config`; nothing else reads process.env.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_RETENTION_YEARS, MIN_RETENTION_YEARS, STREAM_HEARTBEAT_MS, checkRegistrationNumber } from '@logi/contract';
import { z } from 'zod';

/**
 * A setting that is missing or cannot be used. Its message is one line naming the variable,
 * which the server prints alone before it exits (decision 060): no stack trace to read
 * through, and never the value, which may be a secret.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A URL with one of these schemes: a typo stops the server at start, in one line, not at first use. */
const urlOf = (...schemes: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.slice(0, -1));
      } catch {
        return false;
      }
    },
    { message: `expected a ${schemes.map((s) => `${s}://`).join(' or ')} URL` },
  );

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlOf('postgres', 'postgresql', 'memory').optional(),
  /** PostgreSQL connections per instance; default twice the cores (decision 071). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  REDIS_URL: urlOf('redis', 'rediss').optional(),
  /** The Redis pub/sub channel of the realtime bus: instances sharing a database share it. */
  REALTIME_CHANNEL: z.string().min(1).default('logi:realtime'),
  SMTP_URL: urlOf('smtp', 'smtps').optional(),
  MAIL_FROM: z.string().default('物流マーケット <no-reply@logistics.example>'),
  /** Public origin of the web app, used in e-mail links. */
  APP_URL: urlOf('http', 'https').optional(),
  /** HMAC secret of access tokens (≥ 32 chars). Generated under DATA_DIR outside production. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Key material of the admins' TOTP secrets at rest (decision 053); JWT_SECRET when unset. */
  TOTP_ENCRYPTION_KEY: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(14 * 24 * 60 * 60),
  /** argon2id cost; the defaults are OWASP's minimum (m = 19 MiB, t = 2, p = 1). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(1),
  /**
   * Failed logins per e-mail address (known or not) before logins to it pause for
   * LOGIN_LOCK_MINUTES; the count restarts after that long without a lock (decision 043).
   */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
  /** Requests per minute and client address on each rate-limited auth call. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /**
   * The bearer token Prometheus sends to GET /metrics. In production /metrics answers 404 without
   * it; elsewhere it is open unless one is set.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Seed demo accounts on an empty database (never in production). */
  SEED_DEMO: bool.optional(),
  /**
   * Extra origins of the content security policy, opt-in (spec §9 names a local API, a staging
   * bucket and a chat host; none is allowed unless configured). The S3 bucket's origin is
   * derived from S3_* when CSP_FILE_STORAGE_ORIGIN is not given (decision 042).
   */
  CSP_API_ORIGIN: z.url().optional(),
  CSP_FILE_STORAGE_ORIGIN: z.url().optional(),
  CSP_CHAT_WS_ORIGIN: z.url().optional(),
  /** Directory of the built web app served with history fallback. */
  WEB_DIST_DIR: z.string().optional(),
  /** How often the mail job looks for due mail, in ms (the queue runs it in whole seconds, at least 1). */
  MAIL_POLL_MS: z.coerce.number().int().positive().default(2000),
  /** How often an idle job-queue worker looks for due jobs, in seconds (a job sent on this instance wakes it at once). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  /** How long finished and failed background jobs stay visible in the back office, in days. */
  JOB_KEEP_DAYS: z.coerce.number().int().positive().default(7),
  /** How often open requests past their selection deadline are closed, in ms (decision 065). */
  SELECTION_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  /** Whole years an issued invoice is kept before it may be deleted: 7 at least (decision 090). */
  INVOICE_RETENTION_YEARS: z.coerce.number().int().min(MIN_RETENTION_YEARS).default(DEFAULT_RETENTION_YEARS),
  MARKET_CACHE_SECONDS: z.coerce.number().min(0).max(30).optional(),
  LISTS_MEMO_SECONDS: z.coerce.number().min(0).max(300).optional(),
  OPEN_MARKET_MAX_ITEMS: z.coerce.number().int().min(0).default(50_000),
  ADMIN_OVERVIEW_CACHE_SECONDS: z.coerce.number().min(0).max(300).optional(),
  ADMIN_SEARCH_CACHE_SECONDS: z.coerce.number().min(0).max(300).optional(),
  /** Heartbeat interval of the notification stream, in ms (the contract's constant; tests shorten it). */
  STREAM_HEARTBEAT_MS: z.coerce.number().int().positive().default(STREAM_HEARTBEAT_MS),
  /** How long the stream's event log keeps events for Last-Event-ID resume, in hours. */
  STREAM_RETENTION_HOURS: z.coerce
    .number()
    .positive()
    .default(7 * 24),
  /** Files go to this S3 bucket when set; to local disk under DATA_DIR/uploads otherwise. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().default('ap-northeast-1'),
  /** An S3-compatible endpoint (path-style addressing is then used). */
  S3_ENDPOINT: z.url().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  /** Lifetime of a signed upload policy and of a signed download URL. */
  UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Card payments through Stripe when set; the embedded sandbox provider otherwise. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_ID: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Another Stripe API origin (tests: a local server speaking Stripe's protocol). */
  STRIPE_API_URL: z.url().optional(),
  /** The sandbox's monthly price in yen, tax included. */
  SANDBOX_PLAN_AMOUNT: z.coerce.number().int().min(50).default(5500),
  /** The sandbox's coupons: `CODE:50%` or `CODE:1000`, then `:once` / `:forever` / `:3` (months), then `:YYYY-MM-DD` (redeem by). */
  SANDBOX_COUPONS: z.string().default('DEMO50:50%:once'),
  /**
   * Production takes real cards only: without STRIPE_SECRET_KEY it refuses to start, since the
   * sandbox accepts Stripe's public test numbers. `true` allows the sandbox (a demo deployment).
   */
  PAYMENTS_SANDBOX_IN_PRODUCTION: bool.default(false),
  /**
   * The platform as the issuer of the subscription's 適格請求書 and 領収書 (decision 098): its name,
   * address and 登録番号 (T + its 法人番号). Demo values outside production; production needs all three.
   */
  PLATFORM_ISSUER_NAME: z.string().trim().min(1).optional(),
  PLATFORM_ISSUER_ADDRESS: z.string().trim().min(1).optional(),
  PLATFORM_INVOICE_REGISTRATION_NUMBER: z.string().trim().optional(),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** `undefined` → embedded PGlite under dataDir; `memory://` → in-memory PGlite. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections per pool, of an instance's two: statements and transactions (DATABASE_POOL_SIZE, decision 113). */
  databasePoolSize: number;
  redisUrl: string | undefined;
  realtimeChannel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  /** Served over HTTPS (APP_URL is https): HSTS and upgrade-insecure-requests are sent. */
  https: boolean;
  jwtSecret: string;
  /** Key material that encrypts TOTP secrets (AES-256-GCM after HKDF): TOTP_ENCRYPTION_KEY or the JWT secret. */
  totpEncryptionKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  authRateLimitPerMinute: number;
  loginThrottle: { maxFailures: number; lockMs: number };
  logLevel: string;
  trustProxy: boolean;
  /** GET /metrics's bearer token (modules/metrics). */
  metricsToken: string | undefined;
  seedDemo: boolean;
  /**
   * How long an anonymous first page of the market is answered from memory (0 = never);
   * default 2 s in production, 0 elsewhere so one sees one's own writes at once (decision 022).
   */
  marketCacheSeconds: number;
  /**
   * How long a user's own lists (my-items, applied-items) are answered from memory at most
   * (0 = never): every write that changes them forgets them at once (decision 073), so this only
   * bounds the marks that change with the clock. Default 30 s in production, 0 elsewhere.
   */
  listsMemoSeconds: number;
  /**
   * The most open requests the market keeps in memory (decision 112); with more, or 0, the
   * database serves every market page.
   */
  openMarketMaxItems: number;
  /**
   * How long one count of the admin overview answers the overview calls that follow
   * (0 = only calls made while it runs); default 10 s in production, 0 elsewhere.
   */
  adminOverviewCacheSeconds: number;
  /** How long a back-office keyword search's matches serve its pages (decision 087). */
  adminSearchCacheSeconds: number;
  csp: { apiOrigin: string | undefined; fileStorageOrigin: string | undefined; chatWsOrigin: string | undefined };
  webDistDir: string | undefined;
  mailPollMs: number;
  selectionSweepMs: number;
  invoiceRetentionYears: number;
  jobs: { pollSeconds: number; keepDays: number };
  stream: { heartbeatMs: number; retentionMs: number };
  storage: {
    /** Local disk (signed POST served by the API) unless `s3` is given. */
    uploadsDir: string;
    s3: S3Config | undefined;
    uploadTtlSeconds: number;
    downloadTtlSeconds: number;
  };
  payments: PaymentsConfig;
  /** Who issues the subscription's 適格請求書 and 領収書. */
  issuer: IssuerConfig;
}

export interface IssuerConfig {
  name: string;
  address: string;
  /** T + 13 digits whose 法人番号 check digit holds. */
  registrationNumber: string;
}

/**
 * Outside production: a demo issuer with a number that passes the check digit. The demo companies'
 * T1234567890123 does not (decision 090), so it could never stand on a qualified invoice.
 */
export const DEMO_ISSUER: IssuerConfig = {
  name: '物流マーケット運営株式会社（デモ）',
  address: '東京都千代田区丸の内一丁目1番1号（デモ）',
  registrationNumber: 'T9234567890123',
};

/**
 * The platform is a 法人, so its number is checked as one: the 法人番号's check digit must hold
 * (decision 090 left this to the setting). Production refuses to start without all three values:
 * a qualified invoice without the issuer's real name and number is not one.
 */
function issuerConfig(e: z.output<typeof EnvSchema>, isProduction: boolean): IssuerConfig {
  const number = e.PLATFORM_INVOICE_REGISTRATION_NUMBER;
  if (number) {
    const check = checkRegistrationNumber(number, 'CORPORATION');
    if (!check.accepted) {
      throw new ConfigError(
        check.format
          ? 'PLATFORM_INVOICE_REGISTRATION_NUMBER: the check digit of the 法人番号 does not hold'
          : 'PLATFORM_INVOICE_REGISTRATION_NUMBER: expected T followed by 13 digits',
      );
    }
  }
  if (isProduction) {
    const missing = (['PLATFORM_ISSUER_NAME', 'PLATFORM_ISSUER_ADDRESS', 'PLATFORM_INVOICE_REGISTRATION_NUMBER'] as const).filter(
      (k) => !e[k],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required in production (the issuer of the subscription's qualified invoices)`,
      );
    }
  }
  return {
    name: e.PLATFORM_ISSUER_NAME ?? DEMO_ISSUER.name,
    address: e.PLATFORM_ISSUER_ADDRESS ?? DEMO_ISSUER.address,
    registrationNumber: number || DEMO_ISSUER.registrationNumber,
  };
}

export type PaymentsConfig =
  | { provider: 'sandbox'; webhookSecret: string; planAmount: number; coupons: SandboxCoupon[]; devClock: boolean }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      priceId: string;
      publishableKey: string;
      /** Undefined → api.stripe.com. */
      apiUrl: string | undefined;
    };

export interface SandboxCoupon {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  duration: 'once' | 'forever' | 'repeating';
  durationInMonths: number | null;
  /** Not redeemable after this instant. */
  redeemBy: Date | null;
}

/** `CODE:50%[:once|:forever|:N][:YYYY-MM-DD]`, comma-separated. */
export function parseSandboxCoupons(spec: string): SandboxCoupon[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [code, off, duration = 'once', redeemBy] = entry.split(':');
      if (!code || !off || !/^\d+%?$/.test(off)) throw new ConfigError(`SANDBOX_COUPONS: cannot read "${entry}"`);
      const months = /^\d+$/.test(duration) ? Number(duration) : null;
      if (months === null && duration !== 'once' && duration !== 'forever')
        throw new ConfigError(`SANDBOX_COUPONS: cannot read "${entry}"`);
      return {
        code,
        percentOff: off.endsWith('%') ? Number(off.slice(0, -1)) : null,
        amountOff: off.endsWith('%') ? null : Number(off),
        duration: months === null ? (duration as 'once' | 'forever') : 'repeating',
        durationInMonths: months,
        // The end of the given day in Japan.
        redeemBy: redeemBy ? new Date(`${redeemBy}T23:59:59+09:00`) : null,
      };
    });
}

function paymentsConfig(e: z.output<typeof EnvSchema>, jwtSecret: string, isProduction: boolean): PaymentsConfig {
  if (e.STRIPE_SECRET_KEY) {
    const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID', 'STRIPE_PUBLISHABLE_KEY'] as const).filter((k) => !e[k]);
    if (missing.length > 0) throw new ConfigError(`STRIPE_SECRET_KEY needs ${missing.join(', ')}`);
    return {
      provider: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      priceId: e.STRIPE_PRICE_ID!,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
      apiUrl: e.STRIPE_API_URL,
    };
  }
  if (isProduction && !e.PAYMENTS_SANDBOX_IN_PRODUCTION) {
    throw new ConfigError('STRIPE_SECRET_KEY is required in production (or PAYMENTS_SANDBOX_IN_PRODUCTION=true for a demo)');
  }
  return {
    provider: 'sandbox',
    // The sandbox signs its events as Stripe does; its secret never leaves the server.
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? `whsec_${createHmac('sha256', jwtSecret).update('sandbox-webhook').digest('hex')}`,
    planAmount: e.SANDBOX_PLAN_AMOUNT,
    coupons: parseSandboxCoupons(e.SANDBOX_COUPONS),
    devClock: !isProduction,
  };
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Omitted → the SDK's default credential chain (instance role …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Reads the secret kept under the data dir, creating it on first start (dev only). */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string }).jwtSecret;
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret }), { mode: 0o600 });
  return jwtSecret;
}

/** Where the browser posts uploads and loads files from when they live in S3. */
function s3Origin(e: z.output<typeof EnvSchema>): string | undefined {
  if (!e.S3_BUCKET) return undefined;
  if (e.S3_ENDPOINT) return new URL(e.S3_ENDPOINT).origin;
  return `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.JWT_SECRET) throw new ConfigError('JWT_SECRET is required in production (32 characters or more)');
  const dataDir = path.resolve(e.DATA_DIR);
  const jwtSecret = e.JWT_SECRET ?? localSecret(dataDir);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? Math.max(4, 2 * availableParallelism()),
    redisUrl: e.REDIS_URL,
    realtimeChannel: e.REALTIME_CHANNEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl,
    https: appUrl.startsWith('https:'),
    jwtSecret,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY ?? jwtSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST, parallelism: e.ARGON2_PARALLELISM },
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    loginThrottle: { maxFailures: e.LOGIN_FAILURES_PER_ACCOUNT, lockMs: e.LOGIN_LOCK_MINUTES * 60_000 },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    marketCacheSeconds: e.MARKET_CACHE_SECONDS ?? (isProduction ? 2 : 0),
    listsMemoSeconds: e.LISTS_MEMO_SECONDS ?? (isProduction ? 30 : 0),
    openMarketMaxItems: e.OPEN_MARKET_MAX_ITEMS,
    adminOverviewCacheSeconds: e.ADMIN_OVERVIEW_CACHE_SECONDS ?? (isProduction ? 10 : 0),
    adminSearchCacheSeconds: e.ADMIN_SEARCH_CACHE_SECONDS ?? (isProduction ? 10 : 0),
    csp: {
      apiOrigin: e.CSP_API_ORIGIN && new URL(e.CSP_API_ORIGIN).origin,
      fileStorageOrigin: (e.CSP_FILE_STORAGE_ORIGIN && new URL(e.CSP_FILE_STORAGE_ORIGIN).origin) ?? s3Origin(e),
      chatWsOrigin: e.CSP_CHAT_WS_ORIGIN && new URL(e.CSP_CHAT_WS_ORIGIN).origin,
    },
    webDistDir: e.WEB_DIST_DIR,
    mailPollMs: e.MAIL_POLL_MS,
    selectionSweepMs: e.SELECTION_SWEEP_MS,
    invoiceRetentionYears: e.INVOICE_RETENTION_YEARS,
    jobs: { pollSeconds: e.JOB_POLL_SECONDS, keepDays: e.JOB_KEEP_DAYS },
    stream: { heartbeatMs: e.STREAM_HEARTBEAT_MS, retentionMs: e.STREAM_RETENTION_HOURS * 3600 * 1000 },
    storage: {
      uploadsDir: path.join(dataDir, 'uploads'),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            credentials:
              e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
                ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
                : undefined,
          }
        : undefined,
      uploadTtlSeconds: e.UPLOAD_URL_TTL_SECONDS,
      downloadTtlSeconds: e.DOWNLOAD_URL_TTL_SECONDS,
    },
    payments: paymentsConfig(e, jwtSecret, isProduction),
    issuer: issuerConfig(e, isProduction),
  };
}

/** Exit status of a setting that cannot be used: sysexits' EX_CONFIG, so a supervisor can tell it from a crash. */
export const CONFIG_ERROR_EXIT_CODE = 78;

/**
 * loadConfig() for a process's entry point: a setting that cannot be used prints one line
 * naming it on stderr and ends the process (decision 060); anything else is a bug and throws.
 */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Configuration error: ${err.message}\n`);
    process.exit(CONFIG_ERROR_EXIT_CODE);
  }
}
