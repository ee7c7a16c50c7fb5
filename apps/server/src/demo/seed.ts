/**
 * Demo data: one account per role on an empty database outside production, so
 * that `npm start` on a bare machine can be signed into at once (DESIGN §6).
 * The accounts are made with the accounts service, as registration would leave
 * them: e-mail verified, customer and driver manager with their company, the
 * drivers as child accounts in the manager's company; a second, unverified carrier company
 * (manager2 and driver3). Then a small living market (market.ts): the customer's open requests,
 * driver1's applications and driver3's bid beside driver1's; the past week's completed jobs
 * (completed-jobs.ts), the customer's 住所録 (places.ts) and a template with its weekly 定期便
 * (templates.ts).
 */
import { count, sql } from 'drizzle-orm';
import { Role, type TSignInRole } from '@logi/contract';
import { createAccount, type NewAccount } from '../modules/accounts/accounts.service';
import type { Deps } from '../platform/deps';
import { users } from '../db/schema';
import { DEMO_MANAGER2_INVOICE_NUMBER, seedDemoVerification } from './carrier-verification';
import { seedDemoBankAccount } from './billing-profile';
import { markDemoHistoryRead, seedDemoCompletedJobs } from './completed-jobs';
import { seedDemoFuelPrice } from './fuel-price';
import { seedDemoInvoices } from './invoices';
import { seedDemoMarket } from './market';
import { seedDemoPlaces } from './places';
import { subscribeDemoManager } from './payments';
import { seedDemoReviews } from './reviews';
import { seedDemoTemplate } from './templates';

export const DEMO_PASSWORD = 'Demo1234!';

/** The sign-in page of each role (spec §2: /sign-in/{driver, driver-manager, customer, admin}). */
const SIGN_IN_PATHS: Record<TSignInRole, string> = {
  ADMIN: '/sign-in/admin',
  CUSTOMER: '/sign-in/customer',
  DRIVER_MANAGER: '/sign-in/driver-manager',
  DRIVER: '/sign-in/driver',
};

type DemoAccount = Omit<NewAccount, 'password' | 'roles'> & { role: TSignInRole };

const admin: DemoAccount = {
  role: 'ADMIN',
  email: 'admin@demo.example.jp',
  lastName: '佐藤',
  firstName: '健一',
  lastNameKana: 'サトウ',
  firstNameKana: 'ケンイチ',
  phone: '0312340000',
};

const customer: DemoAccount = {
  role: 'CUSTOMER',
  email: 'customer@demo.example.jp',
  lastName: '鈴木',
  firstName: '美咲',
  lastNameKana: 'スズキ',
  firstNameKana: 'ミサキ',
  phone: '0362810001',
  company: {
    name: '株式会社サンプル物産',
    nameKana: 'カブシキガイシャサンプルブッサン',
    website: 'https://sample-bussan.example.jp',
    invoiceRegistrationNo: 'T9234567890123',
  },
  location: {
    postalCode: '100-0005',
    prefecture: '東京都',
    city: '千代田区',
    town: '丸の内',
    block: '1-9-1',
    building: 'サンプル丸の内ビル 12階',
  },
};

const manager: DemoAccount = {
  role: 'DRIVER_MANAGER',
  email: 'manager@demo.example.jp',
  lastName: '高橋',
  firstName: '直樹',
  lastNameKana: 'タカハシ',
  firstNameKana: 'ナオキ',
  phone: '0337650002',
  company: {
    name: '株式会社サンプル運輸',
    nameKana: 'カブシキガイシャサンプルウンユ',
    website: 'https://sample-unyu.example.jp',
    invoiceRegistrationNo: 'T2876543210987',
    generalFreightLicenseNumber: '関自貨第1234号',
    lightFreightLicenseNumber: '関自貨軽第5678号',
  },
  location: {
    postalCode: '143-0006',
    prefecture: '東京都',
    city: '大田区',
    town: '平和島',
    block: '2-1-1',
    building: null,
  },
};

const drivers: DemoAccount[] = [
  {
    role: 'DRIVER',
    email: 'driver1@demo.example.jp',
    lastName: '田中',
    firstName: '翔太',
    lastNameKana: 'タナカ',
    firstNameKana: 'ショウタ',
    phone: '09012340001',
  },
  {
    role: 'DRIVER',
    email: 'driver2@demo.example.jp',
    lastName: '伊藤',
    firstName: '大輔',
    lastNameKana: 'イトウ',
    firstNameKana: 'ダイスケ',
    phone: '08012340002',
  },
];

/**
 * A second carrier company, not yet verified (its documents wait in the admin's queue), with one
 * driver: its bid sits beside 株式会社サンプル運輸's on the open office move, so the shipper compares
 * a verified company with an unverified one, each with its rating and on-time facts.
 */
const manager2: DemoAccount = {
  role: 'DRIVER_MANAGER',
  email: 'manager2@demo.example.jp',
  lastName: '山田',
  firstName: '浩二',
  lastNameKana: 'ヤマダ',
  firstNameKana: 'コウジ',
  phone: '0456410003',
  company: {
    name: '株式会社ミナト急便',
    nameKana: 'カブシキガイシャミナトキュウビン',
    website: 'https://minato-kyubin.example.jp',
    invoiceRegistrationNo: DEMO_MANAGER2_INVOICE_NUMBER,
    generalFreightLicenseNumber: '関自貨第2345号',
    lightFreightLicenseNumber: null,
  },
  location: {
    postalCode: '231-0023',
    prefecture: '神奈川県',
    city: '横浜市中区',
    town: '山下町',
    block: '1-2',
    building: null,
  },
};

const driver3: DemoAccount = {
  role: 'DRIVER',
  email: 'driver3@demo.example.jp',
  lastName: '中村',
  firstName: '拓也',
  lastNameKana: 'ナカムラ',
  firstNameKana: 'タクヤ',
  phone: '09012340003',
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [admin, customer, manager, ...drivers, manager2, driver3];

/** Any 64-bit key will do: it only has to be the same in every instance. */
const SEED_LOCK = sql`select pg_advisory_xact_lock(7310500001)`;

export interface SeedLog {
  info(obj: object, msg: string): void;
}

export type SeedResult = 'seeded' | 'not-empty' | 'disabled';

/** The sign-in table printed after seeding: plain columns, the Japanese name last (wide characters). */
function demoAccountsTable(appUrl: string): string {
  const header = ['ROLE', 'E-MAIL', 'SIGN-IN URL', 'NAME'];
  const rows = DEMO_ACCOUNTS.map((a) => [
    a.role,
    a.email,
    appUrl + SIGN_IN_PATHS[a.role],
    `${a.lastName} ${a.firstName}（${Role.labels[a.role]}）`,
  ]);
  // Only the ASCII columns are padded; the last one needs no width.
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => '  ' + cells.map((c, i) => (i < cells.length - 1 ? c.padEnd(widths[i]!) : c)).join('  ');
  const rule = line(header.map((h, i) => '-'.repeat(i < header.length - 1 ? widths[i]! : h.length)));
  return ['', `Demo accounts (password for all: ${DEMO_PASSWORD})`, line(header), rule, ...rows.map(line), '', ''].join('\n');
}

/**
 * Seeds the demo accounts when the database has no user at all (deleted ones
 * count: a database someone has used is never touched), never in production and
 * only when SEED_DEMO allows it. One transaction under an advisory lock, so two
 * instances starting together on the same empty database seed it once.
 * `print` receives the sign-in table (stdout by default).
 */
export async function seedDemoData(
  deps: Deps,
  log: SeedLog,
  print: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<SeedResult> {
  const { config } = deps;
  if (config.isProduction || !config.seedDemo) {
    log.info({ env: config.env }, 'demo data: disabled here (production or SEED_DEMO=false), nothing seeded');
    return 'disabled';
  }
  const seeded = await deps.db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK);
    const [row] = await tx.select({ n: count() }).from(users);
    if (row!.n > 0) return undefined;
    const make = (a: DemoAccount, extra: Partial<NewAccount> = {}) => {
      const { role, ...fields } = a;
      return createAccount(
        { db: tx, passwords: deps.passwords },
        { ...fields, ...extra, password: DEMO_PASSWORD, roles: [role] },
      );
    };
    const adminRow = await make(admin);
    const customerRow = await make(customer);
    const managerRow = await make(manager);
    const driverIds: string[] = [];
    for (const driver of drivers) {
      driverIds.push((await make(driver, { parentId: managerRow.id, companyId: managerRow.companyId! })).id);
    }
    const manager2Row = await make(manager2);
    const driver3Row = await make(driver3, { parentId: manager2Row.id, companyId: manager2Row.companyId! });
    return {
      adminId: adminRow.id,
      customerId: customerRow.id,
      driver1Id: driverIds[0]!,
      managerId: managerRow.id,
      manager2Id: manager2Row.id,
      driver3Id: driver3Row.id,
    };
  });
  if (!seeded) {
    log.info({}, 'demo data: the database already has accounts, nothing seeded');
    return 'not-empty';
  }
  // After the accounts' commit, each call in its own transaction as over HTTP; only the
  // run that created the accounts gets here, so the market is seeded once too.
  await seedDemoMarket(deps, seeded);
  await subscribeDemoManager(deps, seeded.managerId);
  await seedDemoFuelPrice(deps, seeded.adminId);
  await seedDemoBankAccount(deps, seeded.managerId);
  // The past week's finished work (decision 103): the lane prices, the waiting figures, the invoices.
  const completedIds = await seedDemoCompletedJobs(deps, seeded);
  await seedDemoInvoices(deps);
  await seedDemoPlaces(deps, seeded.customerId);
  // A template from one of those jobs, with a weekly 定期便 (decision 107).
  await seedDemoTemplate(deps, seeded.customerId, completedIds);
  await seedDemoVerification(deps, seeded.managerId, seeded.adminId, seeded.manager2Id);
  // Last: reviews on whatever deliveries the demo completed above (decision 105).
  await seedDemoReviews(deps);
  await markDemoHistoryRead(deps.db, ['TRANSPORT_STOP_EVENT', 'INVOICE_ISSUED', 'REVIEW_RECEIVED']);
  const accounts = DEMO_ACCOUNTS.map((a) => ({ role: a.role, email: a.email, signInUrl: config.appUrl + SIGN_IN_PATHS[a.role] }));
  log.info(
    { accounts, password: DEMO_PASSWORD },
    'demo data: demo accounts created, with demo requests, applications and completed jobs',
  );
  print(demoAccountsTable(config.appUrl));
  return 'seeded';
}
