import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ISSUER, loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'logi-config-')),
  JWT_SECRET: 'production-secret-production-secret-0123',
  PLATFORM_ISSUER_NAME: '物流マーケット運営株式会社',
  PLATFORM_ISSUER_ADDRESS: '東京都千代田区丸の内一丁目1番1号',
  PLATFORM_INVOICE_REGISTRATION_NUMBER: 'T2876543210987',
};

describe('card payments in production', () => {
  it('refuses to start on the sandbox, whose public test cards would open the product for free', () => {
    expect(() => loadConfig(production)).toThrow('STRIPE_SECRET_KEY is required in production');
  });

  it('runs the sandbox only when a demo deployment asks for it, without the billing clock control', () => {
    const config = loadConfig({ ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' });
    expect(config.payments).toMatchObject({ provider: 'sandbox', devClock: false });
  });

  it('takes Stripe when its settings are given', () => {
    const config = loadConfig({
      ...production,
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ID: 'price_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    });
    expect(config.payments.provider).toBe('stripe');
  });
});

describe('a setting that cannot be used', () => {
  it('is named in one line without its value, which may hold a password', () => {
    const attempt = () =>
      loadConfig({ ...production, DATABASE_URL: 'postgress://app:s3cret@db.internal/app', SMTP_URL: 'smtp.example.jp' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      'DATABASE_URL: expected a postgres:// or postgresql:// or memory:// URL; SMTP_URL: expected a smtp:// or smtps:// URL',
    );
    expect(attempt).not.toThrow(/s3cret/);
  });

  it('takes the URLs the product speaks', () => {
    const config = loadConfig({
      ...production,
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      DATABASE_URL: 'postgresql://app:s3cret@db.internal:5432/app',
      REDIS_URL: 'rediss://cache.internal:6380',
      SMTP_URL: 'smtps://user:pass@smtp.example.jp:465',
      APP_URL: 'https://logistics.example.jp/',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://app:s3cret@db.internal:5432/app',
      appUrl: 'https://logistics.example.jp',
    });
  });
});

describe('the database connections of an instance', () => {
  const sandbox = { ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' };

  it('default to twice the cores, at least 4, and take DATABASE_POOL_SIZE', () => {
    expect(loadConfig(sandbox).databasePoolSize).toBe(Math.max(4, 2 * availableParallelism()));
    expect(loadConfig({ ...sandbox, DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('refuse a size that is not a positive whole number, naming the setting', () => {
    for (const size of ['0', 'ten', '2.5']) {
      expect(() => loadConfig({ ...sandbox, DATABASE_POOL_SIZE: size })).toThrow(/^DATABASE_POOL_SIZE: /);
    }
  });
});

describe("the issuer of the subscription's qualified invoices", () => {
  const sandbox = { ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' };

  it('is the configured company with its 登録番号', () => {
    expect(loadConfig(sandbox).issuer).toEqual({
      name: '物流マーケット運営株式会社',
      address: '東京都千代田区丸の内一丁目1番1号',
      registrationNumber: 'T2876543210987',
    });
  });

  it('refuses to start production without a name, an address or a number, naming what is missing', () => {
    const { PLATFORM_ISSUER_NAME: _n, PLATFORM_ISSUER_ADDRESS: _a, PLATFORM_INVOICE_REGISTRATION_NUMBER: _r, ...none } = sandbox;
    expect(() => loadConfig(none)).toThrow(
      "PLATFORM_ISSUER_NAME, PLATFORM_ISSUER_ADDRESS, PLATFORM_INVOICE_REGISTRATION_NUMBER are required in production (the issuer of the subscription's qualified invoices)",
    );
    expect(() => loadConfig({ ...sandbox, PLATFORM_INVOICE_REGISTRATION_NUMBER: '' })).toThrow(
      /^PLATFORM_INVOICE_REGISTRATION_NUMBER is required in production/,
    );
  });

  it('refuses a number that is not T and 13 digits, or whose 法人番号 check digit fails, in any environment', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ ...sandbox, NODE_ENV, PLATFORM_INVOICE_REGISTRATION_NUMBER: 'T123' })).toThrow(
        'PLATFORM_INVOICE_REGISTRATION_NUMBER: expected T followed by 13 digits',
      );
      // The demo companies' number: right in form, wrong in its check digit.
      expect(() => loadConfig({ ...sandbox, NODE_ENV, PLATFORM_INVOICE_REGISTRATION_NUMBER: 'T1234567890123' })).toThrow(
        'PLATFORM_INVOICE_REGISTRATION_NUMBER: the check digit of the 法人番号 does not hold',
      );
    }
  });

  it('is a demo company with a number that passes the check outside production', () => {
    const config = loadConfig({ DATA_DIR: production.DATA_DIR, JWT_SECRET: production.JWT_SECRET });
    expect(config.issuer).toEqual(DEMO_ISSUER);
    expect(DEMO_ISSUER.registrationNumber).toBe('T9234567890123');
  });
});
