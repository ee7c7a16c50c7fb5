/** Demo data: what a person starting the product on an empty database can sign into. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCandidatePage,
  TCarrierVerification,
  TCarrierVerificationList,
  TLanePrices,
  TRequestItem,
  TRequestTemplateList,
  TScheduleView,
  TRequestItemPage,
  TStopTimeReport,
  TStopTimesResponse,
  TUserNotificationList,
} from '@logi/contract';
import { PRODUCTION_ISSUER_ENV, createTestApp, type TestApp } from '../../test/helpers';
import { makeUser } from '../../test/fixtures';
import { loadConfig } from '../config';
import { openDatabase } from '../platform/db/database';
import { candidates, completedJobLanes, paymentEvents, requestItems, userRoles, users } from '../db/schema';
import { DEMO_COMPLETED_JOBS } from './completed-jobs';
import { DEMO_FUEL_PRICE } from './fuel-price';
import { DEMO_BID_YEN, DEMO_UNVERIFIED_BID_YEN } from './market';
import { seedDemoData } from './seed';
import { DEMO_TEMPLATE_NAME } from './templates';

const run = promisify(execFile);

/** seedDemoData with its log lines and printed text captured. */
async function seed(t: TestApp) {
  const logged: { obj: object; msg: string }[] = [];
  let printed = '';
  const result = await seedDemoData(t.app.deps, { info: (obj, msg) => logged.push({ obj, msg }) }, (text) => (printed += text));
  return { result, logged, printed };
}

const userCount = async (t: TestApp) => (await t.app.deps.db.select({ n: count() }).from(users))[0]!.n;

const DEMO = [
  { email: 'admin@demo.example.jp', role: 'ADMIN', path: '/sign-in/admin' },
  { email: 'customer@demo.example.jp', role: 'CUSTOMER', path: '/sign-in/customer' },
  { email: 'manager@demo.example.jp', role: 'DRIVER_MANAGER', path: '/sign-in/driver-manager' },
  { email: 'driver1@demo.example.jp', role: 'DRIVER', path: '/sign-in/driver' },
  { email: 'driver2@demo.example.jp', role: 'DRIVER', path: '/sign-in/driver' },
  { email: 'manager2@demo.example.jp', role: 'DRIVER_MANAGER', path: '/sign-in/driver-manager' },
  { email: 'driver3@demo.example.jp', role: 'DRIVER', path: '/sign-in/driver' },
] as const;

async function signIn(t: TestApp, email: string, role: string, password = 'Demo1234!') {
  return t.call('POST', '/api/v1/auth/login', { body: { email, password, role } });
}

describe('seedDemoData on an empty database', () => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    t = await createTestApp();
    first = await seed(t);
  }, 300_000);
  afterAll(() => t.close());

  it('creates the seven demo accounts, each able to sign in with its role and the demo password', async () => {
    expect(first.result).toBe('seeded');
    expect(await userCount(t)).toBe(7);
    for (const { email, role } of DEMO) {
      const res = await signIn(t, email, role);
      expect(res.statusCode, email).toBe(200);
      const user = res.json().user;
      expect(user, email).toMatchObject({ email, activeRole: role, status: 'ACTIVE', intentCode: null });
      expect(user.roles, email).toEqual([expect.objectContaining({ role, emailVerified: true })]);
      expect(user.lastName && user.firstName && user.lastNameKana && user.firstNameKana, email).toBeTruthy();
      // One role each: the customer is not a driver manager and so on.
      const other = DEMO.find((d) => d.role !== role)!.role;
      expect((await signIn(t, email, other)).statusCode, `${email} as ${other}`).toBe(401);
    }
    expect((await signIn(t, 'admin@demo.example.jp', 'ADMIN', 'Wrong1234!')).statusCode).toBe(401);
    const unverified = await t.app.deps.db.select().from(userRoles).where(eq(userRoles.emailVerified, false));
    expect(unverified).toEqual([]);
  });

  it('gives the customer 株式会社サンプル物産 at a real Tokyo address (the postal lookup agrees)', async () => {
    const { user } = (await signIn(t, 'customer@demo.example.jp', 'CUSTOMER')).json();
    expect(user.company).toMatchObject({
      name: '株式会社サンプル物産',
      nameKana: 'カブシキガイシャサンプルブッサン',
      invoiceRegistrationNo: 'T9234567890123',
    });
    const { postalCode, prefecture, city, town, block } = user.company.location;
    expect(prefecture).toBe('東京都');
    expect(block).toBeTruthy();
    const lookup = await t.call('GET', `/api/v1/locations?postalCode=${postalCode}`);
    expect(lookup.json()).toMatchObject({ prefecture, city, town });
  });

  it('puts both drivers under the manager, in the manager’s company with its licence numbers', async () => {
    const manager = (await signIn(t, 'manager@demo.example.jp', 'DRIVER_MANAGER')).json().user;
    expect(manager.parentId).toBeNull();
    expect(manager.company).toMatchObject({
      name: '株式会社サンプル運輸',
      generalFreightLicenseNumber: '関自貨第1234号',
      lightFreightLicenseNumber: '関自貨軽第5678号',
    });
    const lookup = await t.call('GET', `/api/v1/locations?postalCode=${manager.company.location.postalCode}`);
    expect(lookup.json()).toMatchObject({ city: manager.company.location.city, town: manager.company.location.town });
    for (const email of ['driver1@demo.example.jp', 'driver2@demo.example.jp']) {
      const driver = (await signIn(t, email, 'DRIVER')).json().user;
      expect(driver, email).toMatchObject({ parentId: manager.id, companyId: manager.companyId });
      expect(driver.company.name, email).toBe('株式会社サンプル運輸');
    }
  });

  it('prints the sign-in table (e-mail, role, sign-in URL, password) and logs the same accounts', () => {
    expect(first.printed).toContain('Demo1234!');
    for (const { email, role, path: signInPath } of DEMO) {
      expect(first.printed).toMatch(new RegExp(`${role}\\s+${email.replace(/\./g, '\\.')}\\s+http://app\\.test${signInPath}\\s`));
    }
    expect(first.logged).toEqual([
      {
        msg: expect.stringContaining('demo accounts created'),
        obj: {
          password: 'Demo1234!',
          accounts: DEMO.map((d) => ({ role: d.role, email: d.email, signInUrl: `http://app.test${d.path}` })),
        },
      },
    ]);
  });

  it('sets a cited diesel price as the demo admin, so a quote has its fuel surcharge', async () => {
    const admin = (await signIn(t, 'admin@demo.example.jp', 'ADMIN')).json().accessToken;
    const res = await t.call('GET', '/api/v1/admin/fuel-prices', { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().current).toMatchObject({ ...DEMO_FUEL_PRICE, setBy: { name: '佐藤 健一' } });
  });

  it('opens a living market: the customer’s open requests, priced both ways, over the coming days', async () => {
    const res = await t.call('GET', '/api/v1/request-items/list/public?limit=20');
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json() as TRequestItemPage;
    expect(meta.totalCount).toBe(5);
    const customerId = (await signIn(t, 'customer@demo.example.jp', 'CUSTOMER')).json().user.id;
    expect(data.every((i) => i.creatorId === customerId && i.status === 'WAITING_APPROVE' && i.isNewArrival)).toBe(true);

    const deliveries = data.filter((i) => i.type === 'DELIVERY').map((i) => i.deliveryItem!);
    const warehouses = data.filter((i) => i.type === 'WAREHOUSE');
    expect(deliveries).toHaveLength(4);
    expect(warehouses).toHaveLength(1);
    expect(new Set(deliveries.map((d) => d.vehicleType)).size).toBe(4);
    expect(data.map((i) => i.price.priceType).sort()).toEqual(['ESTIMATION', 'ESTIMATION', 'FIXED', 'FIXED', 'PER_UNIT']);
    // One route runs through a transit stop, labelled as the screens show it.
    expect(deliveries.map((d) => d.transports.map((s) => s.label).join('→'))).toContain('集荷→経由1→配達');
    // Pickups are in the coming days, whenever the seed runs.
    const now = Date.now();
    for (const d of deliveries) {
      const firstPickup = Date.parse(d.transports.find((s) => s.transportType === 'PICKUP')!.timeFrom);
      expect(firstPickup).toBeGreaterThan(now);
      expect(firstPickup).toBeLessThan(now + 7 * 24 * 60 * 60 * 1000);
    }
    // Anonymous readers see the samples, not the customer's contacts.
    expect(data.every((i: TRequestItem) => i.isHidden)).toBe(true);
  });

  it('has driver1 bid on one request and take another at its price, notifying the customer; driver2 has nothing', async () => {
    const driver1 = (await signIn(t, 'driver1@demo.example.jp', 'DRIVER')).json().accessToken;
    const applied = (
      await t.call('GET', '/api/v1/request-items/applied-items?limit=50', { token: driver1 })
    ).json() as TRequestItemPage;
    const open = applied.data.filter((i) => i.status === 'WAITING_APPROVE');
    expect(open.map((i) => [i.price.priceType, i.candidate!.price]).sort()).toEqual([
      ['ESTIMATION', DEMO_BID_YEN],
      ['FIXED', 16500],
    ]);
    const customer = (await signIn(t, 'customer@demo.example.jp', 'CUSTOMER')).json().accessToken;
    const unread = await t.call('GET', '/api/v1/notifications/has-unread', { token: customer });
    expect(unread.json()).toEqual({ hasUnreadNotifications: true });
    const received = (
      await t.call('GET', '/api/v1/notifications?limit=100', { token: customer })
    ).json() as TUserNotificationList;
    // What is new: the three applications; the past week's jobs told the customer too, and were read then.
    expect(received.data.filter((n) => !n.isRead).map((n) => n.notification.type)).toEqual([
      'PICKUP_REQUEST_RECEIVED',
      'PICKUP_REQUEST_RECEIVED',
      'PICKUP_REQUEST_RECEIVED',
    ]);
    expect(received.data.slice(0, 3).map((n) => n.notification.type)).toEqual([
      'PICKUP_REQUEST_RECEIVED',
      'PICKUP_REQUEST_RECEIVED',
      'PICKUP_REQUEST_RECEIVED',
    ]);

    const driver2 = (await signIn(t, 'driver2@demo.example.jp', 'DRIVER')).json().accessToken;
    expect((await t.call('GET', '/api/v1/notifications/has-unread', { token: driver2 })).json()).toEqual({
      hasUnreadNotifications: false,
    });
    const none = (await t.call('GET', '/api/v1/request-items/applied-items', { token: driver2 })).json() as TRequestItemPage;
    expect(none.data).toEqual([]);
  });

  it('has the past week’s jobs done: completed through every step, on 株式会社サンプル運輸, at varied prices', async () => {
    const customer = (await signIn(t, 'customer@demo.example.jp', 'CUSTOMER')).json().accessToken;
    const mine = (await t.call('GET', '/api/v1/request-items/my-items?limit=50', { token: customer })).json() as TRequestItemPage;
    const completed = mine.data.filter((i) => i.status === 'COMPLETED');
    expect(completed).toHaveLength(DEMO_COMPLETED_JOBS.length);
    const manager = (await signIn(t, 'manager@demo.example.jp', 'DRIVER_MANAGER')).json().user;
    const driver1 = (await signIn(t, 'driver1@demo.example.jp', 'DRIVER')).json().user;
    const driver3 = (await signIn(t, 'driver3@demo.example.jp', 'DRIVER')).json().user;
    const weekAgo = Date.now() - 7 * 24 * 60 * 60 * 1000;
    for (const item of completed) {
      expect([manager.id, driver1.id, driver3.id]).toContain(item.receiverId);
      expect([manager.id, driver1.id, driver3.id]).toContain(item.carrierId);
      expect(item.deliveryItem!.isReportComplete).toBe(true);
      // Driven in the past week, posted before the drive.
      const pickup = Date.parse(item.deliveryItem!.transports[0]!.timeFrom);
      expect(pickup).toBeGreaterThan(weekAgo);
      expect(pickup).toBeLessThan(Date.now());
      expect(Date.parse(item.createdAt)).toBeLessThan(pickup);
      const times = await t.call('GET', `/api/v1/request-items/${item.id}/stop-times`, { token: customer });
      expect(times.statusCode, times.body).toBe(200);
      for (const stop of (times.json() as TStopTimesResponse).stops) {
        expect(stop.arrivedAt && stop.loadingStartedAt && stop.loadingFinishedAt && stop.departedAt).toBeTruthy();
      }
    }
    const prices = await t.app.deps.db.select({ price: completedJobLanes.priceYen }).from(completedJobLanes);
    expect(prices).toHaveLength(DEMO_COMPLETED_JOBS.length);
    expect(new Set(prices.map((p) => p.price)).size).toBe(DEMO_COMPLETED_JOBS.length);
  });

  it('shows the market’s lane prices on the open office move (five jobs or more), to the customer and any carrier', async () => {
    const { data } = (await t.call('GET', '/api/v1/request-items/list/public?limit=20')).json() as TRequestItemPage;
    const office = data.find((i) => i.deliveryItem?.vehicleType === 'TWO_T_TRUCK')!;
    const customer = (await signIn(t, 'customer@demo.example.jp', 'CUSTOMER')).json().accessToken;
    const driver2 = (await signIn(t, 'driver2@demo.example.jp', 'DRIVER')).json().accessToken;
    for (const token of [customer, driver2]) {
      const res = await t.call('GET', `/api/v1/request-items/${office.id}/lane-prices`, { token });
      expect(res.statusCode, res.body).toBe(200);
      const lane = res.json() as TLanePrices;
      expect(lane.lane).toMatchObject({
        pickupPrefecture: '東京都',
        deliveryPrefecture: '神奈川県',
        vehicleClass: { id: 'small' },
      });
      expect(lane.prices!.count).toBeGreaterThanOrEqual(5);
      expect(lane.prices!.p10).toBeLessThan(lane.prices!.p90);
      expect(lane.message).toBeNull();
    }
  });

  it('shows the customer waits of over two hours at its 東雲 warehouse in its monthly stop report', async () => {
    const customer = (await signIn(t, 'customer@demo.example.jp', 'CUSTOMER')).json().accessToken;
    const months = new Set(
      [0, 7].map((days) => new Date(Date.now() + 9 * 3600_000 - days * 86_400_000).toISOString().slice(0, 7)),
    );
    let overLimit = 0;
    for (const month of months) {
      const res = await t.call('GET', `/api/v1/stop-times/report?month=${month}`, { token: customer });
      expect(res.statusCode, res.body).toBe(200);
      const site = (res.json() as TStopTimeReport).sites.find((s) => s.site.includes('東雲'));
      overLimit += site?.overLimitCount ?? 0;
    }
    expect(overLimit).toBe(3);
  });

  it('gives the customer a template of a completed job with a weekly 定期便, coming but not yet posted', async () => {
    const customer = (await signIn(t, 'customer@demo.example.jp', 'CUSTOMER')).json().accessToken;
    const list = (await t.call('GET', '/api/v1/request-templates', { token: customer })).json() as TRequestTemplateList;
    expect(list.items).toHaveLength(1);
    const [template] = list.items;
    expect(template).toMatchObject({
      name: DEMO_TEMPLATE_NAME,
      body: { baggageName: '販促物（カタログ・パンフレット）', price: 35000 },
      schedule: { weekdays: [1], everyNWeeks: 1, holidayPolicy: 'NEXT_WORKING_DAY', leadDays: 3, active: true },
    });
    const res = await t.call('GET', `/api/v1/request-templates/${template!.id}/schedule`, { token: customer });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as TScheduleView;
    const weekAhead = new Date(Date.now() + 9 * 3600_000 + 6 * 86_400_000).toISOString().slice(0, 10);
    expect(view.upcoming.length).toBeGreaterThan(4);
    for (const o of view.upcoming) {
      expect(new Date(`${o.movedFrom ?? o.date}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(o.date > weekAhead).toBe(true);
    }
    expect(view.upcoming[0]!.status).toBe('PLANNED');
    expect(view.recent).toEqual([]);
  });

  it('has the shipper compare a verified company’s bid with an unverified one’s on the office move, each with its facts and rating', async () => {
    const customer = (await signIn(t, 'customer@demo.example.jp', 'CUSTOMER')).json().accessToken;
    const { data } = (await t.call('GET', '/api/v1/request-items/list/public?limit=20')).json() as TRequestItemPage;
    const office = data.find((i) => i.deliveryItem?.vehicleType === 'TWO_T_TRUCK')!;
    const res = await t.call('GET', `/api/v1/candidates?requestId=${office.id}&sort=PRICE`, { token: customer });
    expect(res.statusCode, res.body).toBe(200);
    const bids = (res.json() as TCandidatePage).data;
    expect(bids.map((c) => [c.price, c.carrierVerified])).toEqual([
      [DEMO_UNVERIFIED_BID_YEN, false],
      [DEMO_BID_YEN, true],
    ]);
    for (const bid of bids) {
      // Both companies have done enough jobs for their facts and enough reviews for an average.
      expect(bid.trust.facts.shown).toBe(true);
      expect(bid.trust.facts.pickupOnTime).not.toBeNull();
      expect(bid.trust.rating.average).not.toBeNull();
    }
    // 株式会社ミナト急便 arrived late once at a pickup.
    expect(bids[0]!.trust.facts.pickupOnTime).toMatchObject({ onTime: 2, measured: 3 });
  });

  it('stores both companies’ certificates, and puts the unverified one in the admin’s queue (申請中)', async () => {
    const admin = (await signIn(t, 'admin@demo.example.jp', 'ADMIN')).json().accessToken;
    const queue = await t.call('GET', '/api/v1/admin/carrier-verifications?limit=10', { token: admin });
    expect(queue.statusCode, queue.body).toBe(200);
    const rows = (queue.json() as TCarrierVerificationList).data;
    expect(rows.map((r) => [r.companyName, r.status, r.isVerified]).sort()).toEqual([
      ['株式会社サンプル運輸', 'VERIFIED', true],
      ['株式会社ミナト急便', 'PENDING', false],
    ]);
    for (const [email, row] of [
      ['manager@demo.example.jp', rows.find((r) => r.isVerified)!],
      ['manager2@demo.example.jp', rows.find((r) => !r.isVerified)!],
    ] as const) {
      const owner = (await signIn(t, email, 'DRIVER_MANAGER')).json().accessToken;
      for (const token of [admin, owner]) {
        const v = (
          await t.call('GET', `/api/v1/companies/${row.companyId}/verification`, { token })
        ).json() as TCarrierVerification;
        expect(v.certificate).toMatchObject({ fileName: '貨物保険証券.png', fileType: 'image/png', isUploaded: true });
        const link = await t.call('GET', `/api/v1/files/${v.certificate!.id}/download`, { token });
        expect(link.statusCode, link.body).toBe(302);
        const file = await t.app.inject({ method: 'GET', url: link.headers.location as string });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/png');
        expect(file.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
      }
    }
  });

  it('does nothing the second time, and says so', async () => {
    const again = await seed(t);
    expect(again.result).toBe('not-empty');
    expect(await userCount(t)).toBe(7);
    expect((await t.app.deps.db.select({ n: count() }).from(requestItems))[0]!.n).toBe(5 + DEMO_COMPLETED_JOBS.length);
    expect((await t.app.deps.db.select({ n: count() }).from(candidates))[0]!.n).toBe(3 + DEMO_COMPLETED_JOBS.length);
    expect(again.printed).toBe('');
    expect(again.logged).toEqual([{ obj: {}, msg: expect.stringContaining('nothing seeded') }]);
  });
});

describe('seedDemoData on a database that already has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates nothing, whoever the account is', async () => {
    const someone = await makeUser(t, ['CUSTOMER']);
    expect((await seed(t)).result).toBe('not-empty');
    expect(await t.app.deps.db.select({ email: users.email }).from(users)).toEqual([{ email: someone.email }]);
  });
});

describe('seedDemoData where it is turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    [
      'in production, even when SEED_DEMO asks for it',
      {
        NODE_ENV: 'production',
        PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
        SEED_DEMO: 'true',
        ...PRODUCTION_ISSUER_ENV,
      },
    ],
    ['with SEED_DEMO=false', { SEED_DEMO: 'false' }],
  ])('creates nothing on an empty database %s', async (_case, env) => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir, JWT_SECRET: t.config.jwtSecret, ...env });
    let printed = '';
    const result = await seedDemoData({ ...t.app.deps, config }, { info: () => {} }, (text) => (printed += text));
    expect(result).toBe('disabled');
    expect(printed).toBe('');
    expect(await userCount(t)).toBe(0);
    expect((await signIn(t, 'admin@demo.example.jp', 'ADMIN')).statusCode).toBe(401);
  });
});

describe('npm run db:seed (src/demo/seed-cli.ts)', () => {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'logi-seed-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const cli = () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      PORT: '3000',
    };
    // The embedded database under DATA_DIR and the default app URL, as on a bare machine.
    delete env.DATABASE_URL;
    delete env.APP_URL;
    return run(process.execPath, ['--import', 'tsx', 'src/demo/seed-cli.ts'], { cwd: serverDir, env });
  };

  it('seeds the configured database once, then says there is nothing to do', { timeout: 300_000 }, async () => {
    const first = await cli();
    expect(first.stdout).toContain('demo accounts created');
    expect(first.stdout).toMatch(/DRIVER_MANAGER\s+manager@demo\.example\.jp\s+http:\/\/localhost:3000\/sign-in\/driver-manager/);
    const second = await cli();
    expect(second.stdout).toContain('nothing seeded');
    expect(second.stdout).not.toContain('Demo1234!');

    const database = await openDatabase(undefined, dataDir);
    try {
      const rows = await database.db.select({ email: users.email }).from(users).orderBy(users.email);
      expect(rows.map((r) => r.email)).toEqual([
        'admin@demo.example.jp',
        'customer@demo.example.jp',
        'driver1@demo.example.jp',
        'driver2@demo.example.jp',
        'driver3@demo.example.jp',
        'manager2@demo.example.jp',
        'manager@demo.example.jp',
      ]);
      // The demo subscription's webhooks reached the app before the command closed it.
      const events = await database.db.select({ type: paymentEvents.type }).from(paymentEvents);
      expect(events.map((e) => e.type)).toContain('invoice.paid');
      expect(`${first.stdout}${first.stderr}`).not.toContain('delivery failed');
    } finally {
      await database.close();
    }
  });
});
