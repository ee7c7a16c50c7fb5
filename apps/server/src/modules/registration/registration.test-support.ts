/**
 * What the registration tests share: the register forms as the web sends them,
 * the sign-up and invite steps as a client walks them, and row counts to prove
 * that a refused call wrote nothing.
 */
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ERROR_MESSAGES, type ErrorCode } from '@logi/contract';
import { companies, locations, mailOutbox, oneTimeTokens, userRoles, users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';

export const API = {
  signup: '/api/v1/auth/signup',
  verify: '/api/v1/auth/verify-email-token',
  resend: '/api/v1/auth/resend-verify',
  customerRegister: '/api/v1/auth/customer-register',
  managerRegister: '/api/v1/auth/driver-manager-register',
  invite: '/api/v1/auth/driver-invite',
  driverRegister: '/api/v1/auth/driver-register',
  login: '/api/v1/auth/login',
  session: '/api/v1/auth/session',
} as const;

export const NEW_PASSWORD = 'Regist3r!pw';

let counter = 0;
/** A fresh address (mixed case: the server stores it lowercase). */
export const newEmail = (prefix = 'signup') => `${prefix}-${Date.now()}-${++counter}@Example.JP`;

/** The customer registration form, filled in. */
export function customerForm(email: string, token: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    token,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    lastName: '佐藤',
    firstName: '花子',
    lastNameKana: 'サトウ',
    firstNameKana: 'ハナコ',
    phone: '09012345678',
    companyName: '佐藤商事株式会社',
    companyNameKana: 'サトウショウジカブシキガイシャ',
    postalCode: '150-0001',
    prefecture: '東京都',
    city: '渋谷区',
    town: '神宮前',
    block: '1-2-3',
    building: '神宮前ビル5F',
    website: 'https://sato.example.jp',
    invoiceRegistrationNumber: 'T9234567890123',
    note: '平日のみ対応',
    ...extra,
  };
}

/** The driver-manager registration form: the customer form plus the two licence numbers. */
export function managerForm(email: string, token: string, extra: Record<string, unknown> = {}) {
  return customerForm(email, token, {
    companyName: '鈴木運輸株式会社',
    companyNameKana: 'スズキウンユカブシキガイシャ',
    generalFreightLicenseNumber: '関自貨第123号',
    lightFreightLicenseNumber: '関自軽第456号',
    ...extra,
  });
}

/** The driver registration form from an invite. */
export function driverForm(token: string, extra: Record<string, unknown> = {}) {
  return {
    token,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    lastName: '高橋',
    firstName: '一郎',
    phone: '08011112222',
    note: '大型免許あり',
    ...extra,
  };
}

/** Signs up an address and returns the token of the link in the mail it received. */
export async function signUp(t: TestApp, email: string): Promise<string> {
  const res = await t.call('POST', API.signup, { body: { email } });
  expect(res.statusCode).toBe(200);
  return t.lastMailToken(email.toLowerCase());
}

/** Invites an address as the manager and returns the token of the invite mail's link. */
export async function invite(t: TestApp, managerToken: string, email: string): Promise<string> {
  const res = await t.call('POST', API.invite, { body: { email }, token: managerToken });
  expect(res.statusCode).toBe(200);
  return t.lastMailToken(email.toLowerCase());
}

/** Row counts of every table a registration call may write. */
export async function rowCounts(t: TestApp) {
  const db = t.app.deps.db;
  const tables = { users, userRoles, companies, locations, oneTimeTokens, mailOutbox };
  const counts = {} as Record<keyof typeof tables, number>;
  for (const [name, table] of Object.entries(tables) as [keyof typeof tables, (typeof tables)[keyof typeof tables]][]) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row!.n;
  }
  return counts;
}

/** Moves every link of an address into the past. */
export async function expireLinks(t: TestApp, email: string) {
  await t.app.deps.db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.email, email.toLowerCase()));
}

export async function setAccount(t: TestApp, id: string, values: Partial<typeof users.$inferInsert>) {
  await t.app.deps.db.update(users).set(values).where(eq(users.id, id));
}

/** Expects an error answer with its status, code and Japanese message. */
export function expectError(res: { statusCode: number; json(): unknown }, status: number, code: ErrorCode) {
  const body = res.json() as { statusCode?: number; code?: string; message?: string };
  expect({ status: res.statusCode, statusCode: body.statusCode, code: body.code, message: body.message }).toEqual({
    status,
    statusCode: status,
    code,
    message: ERROR_MESSAGES[code],
  });
}
