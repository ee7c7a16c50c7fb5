/**
 * The carrier's invoice to the shipper (issue 46, decision 099): the draft made on completion from
 * the 運送条件書 and the stop times, the carrier's edits (a toll with its receipt) and the issue,
 * the document read back from its PDF, immutability (no route changes an issued document, nor
 * does SQL), the correction (a 赤伝 and a replacement, all kept), payment, reminders, the
 * retention guard, and access (the two parties and the admin; 404 to anyone else).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_TERMS,
  INVOICE_TEXT,
  type TInvoice,
  type TInvoiceCorrection,
  type TInvoiceList,
  type TUserNotificationList,
  addDays,
  japanDay,
  keptThrough,
  paymentSchedule,
  requestReference,
} from '@logi/contract';
import { companies, invoiceDocuments, invoiceLines, requestItems, users } from '../../db/schema';
import { uploadedPng } from '../files/files.test-support';
import type { TestApp } from '../../../test/helpers';
import { API, type Party, expectError, UNKNOWN } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery, reportInFull, startPickup } from '../../../test/scenario';
import { ago } from '../stop-times/stop-times.test-support';
import { createInvoiceService, tellDueReminders } from './invoices.service';

let t: TestApp;
let people: Cast;
let companyId: string;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
  const [driver] = await t.app.deps.db.select().from(users).where(eq(users.id, people.driver.id));
  companyId = driver!.companyId!;
  // A valid 法人番号 form (decision 090: the demo's T1234567890123 fails the check digit).
  await t.app.deps.db
    .update(companies)
    .set({ name: '山田運輸株式会社', invoiceRegistrationNo: 'T9234567890123' })
    .where(eq(companies.id, companyId));
});
afterAll(() => t.close());

const as = (who: Party | undefined) => ({ token: who?.token });
const P = {
  list: (q = '') => `/api/v1/invoices${q}`,
  ofJob: (id: string) => `/api/v1/request-items/${id}/invoices`,
  one: (id: string) => `/api/v1/invoices/${id}`,
  pdf: (id: string) => `/api/v1/invoices/${id}/pdf`,
  lines: (id: string) => `/api/v1/invoices/${id}/lines`,
  issue: (id: string) => `/api/v1/invoices/${id}/issue`,
  corrections: (id: string) => `/api/v1/invoices/${id}/corrections`,
  payment: (id: string) => `/api/v1/invoices/${id}/payment`,
  receipt: (id: string) => `/api/v1/invoices/${id}/receipt`,
};

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The database refused a statement with the trigger's words (Drizzle wraps the driver's error in `cause`). */
async function refused(statement: PromiseLike<unknown>, words: RegExp) {
  const err = (await Promise.resolve(statement).then(
    () => null,
    (e: unknown) => e,
  )) as (Error & { cause?: Error }) | null;
  expect(err, 'the statement was not refused').not.toBeNull();
  expect(err!.cause?.message ?? err!.message).toMatch(words);
}

function ok<T>(res: { statusCode: number; body: string; json(): unknown }): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/**
 * A fixed-price delivery (50,000円) with 附帯業務 5,000円, fuel surcharge 3,000円 and a waiting
 * charge of 2,000円 per 30 minutes; the driver waited 61 minutes at the pickup (two started units
 * beyond the free 30 = 4,000円); reported and completed by the customer.
 */
async function completedJob() {
  const deal = await approvedDelivery(t, people.customer, people.driver, {
    incidentalWork: ['LOADING'],
    incidentalCharge: 5000,
    fuelSurcharge: 3000,
    waitingChargePer30Min: 2000,
  });
  const id = deal.item.id;
  await t.app.deps.db
    .update(requestItems)
    .set({ approvedAt: new Date(Date.now() - 6 * 3600_000) })
    .where(eq(requestItems.id, id));
  const stops = ok<{ stops: { stopId: string; transportType: string }[] }>(
    await t.call('GET', `/api/v1/request-items/${id}/stop-times`, as(people.driver)),
  ).stops;
  const pickup = stops.find((s) => s.transportType === 'PICKUP')!;
  for (const [event, at] of [
    ['ARRIVED', ago(300)],
    ['LOADING_STARTED', ago(239)],
  ] as const) {
    const body = { clientId: randomUUID(), stopId: pickup.stopId, event, occurredAt: at };
    ok(await t.call('POST', `/api/v1/request-items/${id}/stop-times`, { ...as(people.driver), body }));
  }
  await startPickup(t, deal, people.customer, people.driver);
  await reportInFull(t, people.driver, id, { pickupTemperature: -18, deliveryTemperature: -17.5 });
  ok(await t.call('PATCH', API.complete(id), as(people.customer)));
  const [draft] = ok<TInvoiceList>(await t.call('GET', P.ofJob(id), as(people.driver))).data;
  return { id, draft: draft! };
}

async function issued() {
  const job = await completedJob();
  const invoice = ok<TInvoice>(await t.call('POST', P.issue(job.draft.id), as(people.driver)));
  return { ...job, invoice };
}

describe('the draft made on completion', () => {
  it('bills the fare and each charge of the 運送条件書 and the waiting charge from the stop times, 10% once over the sum', async () => {
    const { id, draft } = await completedJob();
    const invoice = ok<TInvoice>(await t.call('GET', P.one(draft.id), as(people.driver)));
    expect(invoice).toMatchObject({
      kind: 'INVOICE',
      status: 'DRAFT',
      number: null,
      requestItemIds: [id],
      issuerCompany: '山田運輸株式会社',
      serviceDay: japanDay(new Date()),
      paymentStatus: null,
      subtotal: 62000,
      tax: 6200,
      total: 68200,
      byRate: [{ rate: '10%', excludingTax: 62000, tax: 6200, includingTax: 68200 }],
    });
    expect(invoice.lines.map((l) => [l.kind, l.amount, l.taxCategory])).toEqual([
      ['FARE', 50000, 'STANDARD'],
      ['INCIDENTAL', 5000, 'STANDARD'],
      ['FUEL_SURCHARGE', 3000, 'STANDARD'],
      ['WAITING', 4000, 'STANDARD'],
    ]);
    expect(invoice.lines[3]!.description).toContain('待機61分');
    // The shipper sees no draft; a stranger to the job gets 404.
    expect(ok<TInvoiceList>(await t.call('GET', P.ofJob(id), as(people.customer))).data).toEqual([]);
    expectError(await t.call('GET', P.one(draft.id), as(people.customer)), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.call('GET', P.ofJob(id), as(people.otherCustomer)), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await t.call('GET', P.ofJob(UNKNOWN), as(people.driver)), 404, 'REQUEST_ITEM_NOT_FOUND');
  });
});

describe('PUT /invoices/{id}/lines', () => {
  it('the carrier adds a toll with its receipt image and lowers a line; the totals are recomputed, tax rounded down once per rate', async () => {
    const { draft } = await completedJob();
    const current = ok<TInvoice>(await t.call('GET', P.one(draft.id), as(people.driver)));
    const receiptFileId = await uploadedPng(t, people.driver.token, '高速道路領収書.png');
    const lines = [
      ...current.lines.map(({ kind, description, amount, taxCategory }) => ({ kind, description, amount, taxCategory })),
      { kind: 'TOLL', description: '首都高速 銀座→大井', amount: 1305, taxCategory: 'STANDARD', receiptFileId },
      { kind: 'OTHER', description: '梱包材（軽減税率の例）', amount: 333, taxCategory: 'REDUCED' },
    ];
    const res = ok<TInvoice>(await t.call('PUT', P.lines(draft.id), { ...as(people.driver), body: { lines } }));
    expect(res.lines.find((l) => l.kind === 'TOLL')).toMatchObject({ amount: 1305, receiptFileId });
    // 10%: 63,305 → 6,330 (6,330.5 rounded down); 8%: 333 → 26 (26.64 rounded down).
    expect(res).toMatchObject({
      subtotal: 63638,
      tax: 6356,
      total: 69994,
      byRate: [
        { rate: '10%', excludingTax: 63305, tax: 6330 },
        { rate: '8%', excludingTax: 333, tax: 26 },
      ],
    });
    // The receipt is readable by the shipper once the invoice is issued, never by a stranger.
    ok(await t.call('POST', P.issue(draft.id), as(people.driver)));
    expect((await t.call('GET', `/api/v1/files/${receiptFileId}`, as(people.customer))).statusCode).toBe(200);
    expect((await t.call('GET', `/api/v1/files/${receiptFileId}`, as(people.otherCustomer))).statusCode).toBe(404);
  });

  it("refuses: an issued invoice 409, a foreign carrier and the shipper 404, someone else's file 404, bad lines 400", async () => {
    const { draft } = await completedJob();
    const body = { lines: [{ kind: 'FARE', description: '運賃', amount: 1000, taxCategory: 'STANDARD' }] };
    expectError(await t.call('PUT', P.lines(draft.id), { ...as(people.otherDriver), body }), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.call('PUT', P.lines(UNKNOWN), { ...as(people.driver), body }), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.call('PUT', P.lines(draft.id), { ...as(people.customer), body }), 401, 'ROLE_NOT_ALLOWED');
    const foreignFile = await uploadedPng(t, people.otherDriver.token);
    const withFile = { lines: [{ ...body.lines[0], kind: 'TOLL', receiptFileId: foreignFile }] };
    expectError(await t.call('PUT', P.lines(draft.id), { ...as(people.driver), body: withFile }), 404, 'FILE_NOT_FOUND');
    const negative = { lines: [{ ...body.lines[0], amount: -1 }] };
    expectError(await t.call('PUT', P.lines(draft.id), { ...as(people.driver), body: negative }), 400, 'VALIDATION_FAILED');
    expectError(await t.call('PUT', P.lines(draft.id), { ...as(people.driver), body: { lines: [] } }), 400, 'VALIDATION_FAILED');
    ok(await t.call('POST', P.issue(draft.id), as(people.driver)));
    expectError(await t.call('PUT', P.lines(draft.id), { ...as(people.driver), body }), 409, 'INVOICE_NOT_DRAFT');
  });
});

describe('POST /invoices/{id}/issue and the PDF', () => {
  it('fixes the number, the 登録番号 and the due date (月末締め翌月末払い, never past 60 days); the PDF is a 適格請求書', async () => {
    const { id, invoice } = await issued();
    const today = japanDay(new Date());
    const [y, m] = today.split('-').map(Number) as [number, number];
    const nextMonthEnd = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
    const due = [nextMonthEnd, addDays(today, 59)].sort()[0]!;
    expect(invoice).toMatchObject({
      status: 'ISSUED',
      number: `INV-${requestReference(id)}-1`,
      issuedOn: today,
      dueDate: due,
      qualified: true,
      registrationNumber: 'T9234567890123',
      paymentStatus: 'OPEN',
      keptThrough: keptThrough(today, 7),
    });
    const res = await t.call('GET', P.pdf(invoice.id), as(people.customer));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const part of [
      '適格請求書',
      `第 INV-${requestReference(id)}-1 号`,
      '山田運輸株式会社',
      '登録番号 T9234567890123',
      '運賃',
      '50,000円',
      '待機料',
      '4,000円',
      '10%対象（税抜） 62,000円',
      '消費税（10%） 6,200円',
      '合計（税込） 68,200円',
      '支払条件 月末締め翌月末払い',
      `支払期日 ${Number(due.slice(0, 4))}年${Number(due.slice(5, 7))}月${Number(due.slice(8))}日`,
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('適格請求書ではありません');
    expectError(await t.call('POST', P.issue(invoice.id), as(people.driver)), 409, 'INVOICE_NOT_DRAFT');
  });

  it("a draft's PDF is a preview for the carrier: the current 登録番号, no number yet", async () => {
    const { draft } = await completedJob();
    const res = await t.call('GET', P.pdf(draft.id), as(people.driver));
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('第 （下書き） 号');
    expect(text).toContain('登録番号 T9234567890123');
    expect(text).not.toContain('適格請求書ではありません');
  });

  it('without a 登録番号 the document says it is not a qualified invoice', async () => {
    await t.app.deps.db.update(companies).set({ invoiceRegistrationNo: null }).where(eq(companies.id, companyId));
    try {
      const { invoice } = await issued();
      expect(invoice).toMatchObject({ qualified: false, registrationNumber: null });
      const text = await pdfText((await t.call('GET', P.pdf(invoice.id), as(people.customer))).rawPayload);
      expect(text).toContain(INVOICE_TEXT.notQualified.replace(/\s+/g, ' ').slice(0, 20));
      expect(text).not.toContain('適格請求書 第');
    } finally {
      await t.app.deps.db.update(companies).set({ invoiceRegistrationNo: 'T9234567890123' }).where(eq(companies.id, companyId));
    }
  });

  it("access: the shipper downloads an issued one, the admin too; another carrier or customer 404; the driver's manager bills for it", async () => {
    const { invoice, draft } = await issued();
    expect(invoice.id).toBe(draft.id);
    expect((await t.call('GET', P.pdf(invoice.id), as(people.admin))).statusCode).toBe(200);
    expect((await t.call('GET', P.one(invoice.id), as(people.manager))).statusCode).toBe(200);
    expectError(await t.call('GET', P.pdf(invoice.id), as(people.otherCustomer)), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.call('GET', P.one(invoice.id), as(people.otherDriver)), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.call('GET', P.pdf(UNKNOWN), as(people.driver)), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.call('POST', P.issue(UNKNOWN), as(people.driver)), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.call('POST', P.issue(invoice.id), as(people.customer)), 401, 'ROLE_NOT_ALLOWED');
  });
});

describe('an issued document never changes', () => {
  it('the database refuses to change an issued row or its lines, but lets the payment fields be set', async () => {
    const { invoice } = await issued();
    const db = t.app.deps.db;
    await refused(db.update(invoiceDocuments).set({ total: 1 }).where(eq(invoiceDocuments.id, invoice.id)), /immutable/);
    await refused(db.update(invoiceLines).set({ amount: 1 }).where(eq(invoiceLines.documentId, invoice.id)), /immutable/);
    await refused(db.delete(invoiceLines).where(eq(invoiceLines.documentId, invoice.id)), /immutable/);
    await refused(
      db
        .insert(invoiceLines)
        .values({ documentId: invoice.id, position: 9, kind: 'OTHER', description: 'x', amount: 1, taxCategory: 'STANDARD' }),
      /immutable/,
    );
    await db.update(invoiceDocuments).set({ paidOn: '2026-01-01' }).where(eq(invoiceDocuments.id, invoice.id));
    await db.update(invoiceDocuments).set({ paidOn: null }).where(eq(invoiceDocuments.id, invoice.id));
    expect(ok<TInvoice>(await t.call('GET', P.one(invoice.id), as(people.driver))).total).toBe(68200);
  });
});

describe('POST /invoices/{id}/corrections', () => {
  it('issues a 赤伝 naming the original (its figures negated) and a replacement draft; all kept and listed', async () => {
    const { id, invoice } = await issued();
    const res = ok<TInvoiceCorrection>(await t.call('POST', P.corrections(invoice.id), as(people.driver)));
    const ref = requestReference(id);
    expect(res.cancellation).toMatchObject({
      kind: 'CANCELLATION',
      status: 'ISSUED',
      number: `CN-${ref}-2`,
      correctsDocumentId: invoice.id,
      correctsNumber: `INV-${ref}-1`,
      subtotal: -62000,
      tax: -6200,
      total: -68200,
      paymentStatus: null,
    });
    expect(res.replacement).toMatchObject({ kind: 'INVOICE', status: 'DRAFT', correctsNumber: `INV-${ref}-1`, total: 68200 });
    const text = await pdfText((await t.call('GET', P.pdf(res.cancellation.id), as(people.customer))).rawPayload);
    expect(text).toContain('赤伝（取消）');
    expect(text).toContain(`第 INV-${ref}-1 号を取り消します`);
    expect(text).toContain('-68,200円');
    // The carrier fixes the fare and issues the replacement, which names the original.
    const lines = res.replacement.lines.map(({ kind, description, amount, taxCategory }) => ({
      kind,
      description,
      amount: kind === 'FARE' ? 48000 : amount,
      taxCategory,
    }));
    ok(await t.call('PUT', P.lines(res.replacement.id), { ...as(people.driver), body: { lines } }));
    const replaced = ok<TInvoice>(await t.call('POST', P.issue(res.replacement.id), as(people.driver)));
    expect(replaced).toMatchObject({ number: `INV-${ref}-3`, total: 66000 });
    expect(await pdfText((await t.call('GET', P.pdf(replaced.id), as(people.customer))).rawPayload)).toContain(
      `第INV-${ref}-1号を修正します。`,
    );
    const listed = ok<TInvoiceList>(await t.call('GET', P.ofJob(id), as(people.customer))).data;
    expect(listed.map((d) => [d.number, d.paymentStatus])).toEqual([
      [`INV-${ref}-1`, 'CANCELLED'],
      [`CN-${ref}-2`, null],
      [`INV-${ref}-3`, 'OPEN'],
    ]);
    expectError(await t.call('POST', P.corrections(invoice.id), as(people.driver)), 409, 'INVOICE_ALREADY_CORRECTED');
    expectError(await t.call('POST', P.corrections(res.cancellation.id), as(people.driver)), 409, 'INVOICE_NOT_CORRECTABLE');
    expectError(
      await t.call('POST', P.payment(invoice.id), { ...as(people.customer), body: { paidOn: '2026-12-01', amount: 1 } }),
      409,
      'INVOICE_NOT_PAYABLE',
    );
  });

  it('refuses a draft 409 and a foreign carrier 404', async () => {
    const { draft } = await completedJob();
    expectError(await t.call('POST', P.corrections(draft.id), as(people.driver)), 409, 'INVOICE_NOT_CORRECTABLE');
    expectError(await t.call('POST', P.corrections(draft.id), as(people.otherDriver)), 404, 'INVOICE_NOT_FOUND');
  });
});

describe('payment: POST /invoices/{id}/payment and /receipt', () => {
  it('the shipper marks it paid, the carrier confirms; both see the status; each once', async () => {
    const { invoice } = await issued();
    expectError(await t.call('POST', P.receipt(invoice.id), as(people.otherDriver)), 404, 'INVOICE_NOT_FOUND');
    const body = { paidOn: japanDay(new Date()), amount: 68200 };
    expectError(await t.call('POST', P.payment(invoice.id), { ...as(people.otherCustomer), body }), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.call('POST', P.payment(invoice.id), { ...as(people.driver), body }), 401, 'ROLE_NOT_ALLOWED');
    expectError(
      await t.call('POST', P.payment(invoice.id), { ...as(people.customer), body: { paidOn: '2026-02-30', amount: 1 } }),
      400,
      'VALIDATION_FAILED',
    );
    const paid = ok<TInvoice>(await t.call('POST', P.payment(invoice.id), { ...as(people.customer), body }));
    expect(paid).toMatchObject({ paymentStatus: 'PAID', paidOn: body.paidOn, paidAmount: 68200 });
    expectError(await t.call('POST', P.payment(invoice.id), { ...as(people.customer), body }), 409, 'INVOICE_ALREADY_PAID');
    const confirmed = ok<TInvoice>(await t.call('POST', P.receipt(invoice.id), as(people.driver)));
    expect(confirmed.paymentStatus).toBe('CONFIRMED');
    expect(confirmed.receiptConfirmedAt).not.toBeNull();
    expectError(await t.call('POST', P.receipt(invoice.id), as(people.driver)), 409, 'INVOICE_ALREADY_CONFIRMED');
    const shipperList = ok<TInvoiceList>(await t.call('GET', P.list(), as(people.customer))).data;
    expect(shipperList.find((d) => d.id === invoice.id)?.paymentStatus).toBe('CONFIRMED');
  });

  it('a draft is not payable 409', async () => {
    const { draft } = await completedJob();
    expectError(await t.call('POST', P.receipt(draft.id), as(people.driver)), 409, 'INVOICE_NOT_PAYABLE');
  });

  it('overdue once the due date has passed; dueReminders tells what is due soon and what is overdue', async () => {
    const { invoice } = await issued();
    const service = createInvoiceService(t.app.deps);
    const dueDate = new Date(`${invoice.dueDate}T12:00:00+09:00`);
    const before = (await service.dueReminders(new Date(dueDate.getTime() - 3 * 86_400_000))).find(
      (r) => r.documentId === invoice.id,
    );
    expect(before).toMatchObject({
      reminder: 'DUE_SOON',
      number: invoice.number,
      shipperId: people.customer.id,
      carrierId: people.driver.id,
    });
    expect(
      (await service.dueReminders(new Date(dueDate.getTime() - 4 * 86_400_000))).some((r) => r.documentId === invoice.id),
    ).toBe(false);
    const after = (await service.dueReminders(new Date(dueDate.getTime() + 86_400_000))).find((r) => r.documentId === invoice.id);
    expect(after?.reminder).toBe('OVERDUE');
    // Once paid, nothing more is told.
    ok(await t.call('POST', P.payment(invoice.id), { ...as(people.customer), body: { paidOn: invoice.dueDate, amount: 1 } }));
    expect((await service.dueReminders(new Date(dueDate.getTime() + 86_400_000))).some((r) => r.documentId === invoice.id)).toBe(
      false,
    );
  });
});

describe('the daily due-date reminders (job invoices.due-reminders)', () => {
  it('tell the shipper and the carrier once that it falls due, once that it is overdue, each linked to their invoice page', async () => {
    const { id, invoice } = await issued();
    const dueDate = new Date(`${invoice.dueDate}T12:00:00+09:00`);
    const mine = async (who: Party) => {
      const list = ok<TUserNotificationList>(await t.call('GET', '/api/v1/notifications?limit=100', as(who)));
      return list.data
        .map((n) => n.notification)
        .filter((n) => n.type === 'INVOICE_PAYMENT_DUE' && n.message.includes(invoice.number!));
    };
    expect(await mine(people.customer)).toEqual([]);
    // The issue itself told the shipper (decision 102), linked to its invoice page.
    const told = ok<TUserNotificationList>(await t.call('GET', '/api/v1/notifications?limit=100', as(people.customer)));
    expect(told.data.map((n) => n.notification).filter((n) => n.message.includes(invoice.number!))).toEqual([
      expect.objectContaining({ type: 'INVOICE_ISSUED', link: `/shipping-requests/my-items/detail/${id}/invoice` }),
    ]);

    const soon = new Date(dueDate.getTime() - 2 * 86_400_000);
    expect(await tellDueReminders(t.app.deps, soon)).toBeGreaterThan(0);
    await tellDueReminders(t.app.deps, soon); // another instance, or a retry: nothing twice
    const [shipperSoon, ...shipperMore] = await mine(people.customer);
    expect(shipperMore).toEqual([]);
    expect(shipperSoon).toMatchObject({
      title: '請求書の支払期日が近づいています',
      link: `/shipping-requests/my-items/detail/${id}/invoice`,
    });
    expect(shipperSoon!.message).toContain(`${Number(invoice.dueDate!.slice(5, 7))}月${Number(invoice.dueDate!.slice(8))}日`);
    expect(await mine(people.driver)).toEqual([
      expect.objectContaining({ link: `/shipping-requests/applied-items/detail/${id}/invoice` }),
    ]);

    const late = new Date(dueDate.getTime() + 86_400_000);
    await tellDueReminders(t.app.deps, late);
    await tellDueReminders(t.app.deps, late);
    expect((await mine(people.customer)).map((n) => n.title)).toEqual([
      '請求書の支払期日を過ぎています',
      '請求書の支払期日が近づいています',
    ]);
    // Another shipper hears nothing of it.
    expect(await mine(people.otherCustomer)).toEqual([]);
  });
});

describe('GET /invoices: the three search keys', () => {
  it('finds by date range, amount range and counterparty, all together; each side sees its own', async () => {
    const { invoice } = await issued();
    const today = japanDay(new Date());
    const ids = async (who: Party, q: string) => ok<TInvoiceList>(await t.call('GET', P.list(q), as(who))).data.map((d) => d.id);
    expect(
      await ids(people.customer, `?dayFrom=${today}&dayTo=${today}&amountFrom=68200&amountTo=68200&counterparty=山田運輸`),
    ).toContain(invoice.id);
    expect(await ids(people.customer, '?amountFrom=68201')).not.toContain(invoice.id);
    expect(await ids(people.customer, `?dayTo=${addDays(today, -1)}`)).not.toContain(invoice.id);
    expect(await ids(people.customer, '?counterparty=別の会社')).not.toContain(invoice.id);
    expect(await ids(people.admin, '')).toContain(invoice.id);
    expect(await ids(people.manager, '')).toContain(invoice.id);
    expect(await ids(people.otherCustomer, '')).not.toContain(invoice.id);
    expect(await ids(people.otherDriver, '')).not.toContain(invoice.id);
    expectError(await t.call('GET', P.list('?dayFrom=2026-13-01'), as(people.customer)), 400, 'VALIDATION_FAILED');
  });

  it('finds the counterparty in SQL by the name on the document: each side searches the other, the admin either', async () => {
    const { invoice } = await issued();
    const ids = async (who: Party, name: string) =>
      ok<TInvoiceList>(await t.call('GET', P.list(`?counterparty=${encodeURIComponent(name)}`), as(who))).data.map((d) => d.id);
    const shipper = invoice.recipientCompany;
    // Spaces, full- and half-width forms are not told apart (the contract's foldName).
    expect(await ids(people.customer, '山田　運輸')).toContain(invoice.id);
    // The carrier's counterparty is the shipper, not itself.
    expect(await ids(people.driver, shipper.slice(0, 2))).toContain(invoice.id);
    expect(await ids(people.driver, '山田運輸')).not.toContain(invoice.id);
    expect(await ids(people.customer, shipper)).not.toContain(invoice.id);
    expect(await ids(people.admin, '山田運輸')).toContain(invoice.id);
    expect(await ids(people.admin, shipper)).toContain(invoice.id);
    // A company renamed after the issue: the kept document is found by the name it bears.
    const db = t.app.deps.db;
    await db.update(companies).set({ name: '北陸ロジ株式会社' }).where(eq(companies.id, companyId));
    try {
      expect(await ids(people.customer, '山田運輸')).toContain(invoice.id);
      expect(await ids(people.customer, '北陸ロジ')).not.toContain(invoice.id);
    } finally {
      await db.update(companies).set({ name: '山田運輸株式会社' }).where(eq(companies.id, companyId));
    }
  });
});

describe('retention: DELETE /invoices/{id} and every other path', () => {
  it('an issued document cannot be deleted before its keeping period ends, by the admin or by SQL; the job cannot be deleted under it', async () => {
    const { id, invoice } = await issued();
    expectError(await t.call('DELETE', P.one(invoice.id), as(people.admin)), 409, 'INVOICE_RETENTION_ACTIVE');
    expectError(await t.call('DELETE', P.one(invoice.id), as(people.driver)), 401, 'ADMIN_REQUIRED');
    expectError(await t.call('DELETE', P.one(UNKNOWN), as(people.admin)), 404, 'INVOICE_NOT_FOUND');
    const db = t.app.deps.db;
    await refused(db.delete(invoiceDocuments).where(eq(invoiceDocuments.id, invoice.id)), /kept through/);
    // The admin's delete of the request is refused once it is completed; a hard delete of the
    // request or of the carrier company would break the documents' references and is refused too.
    expectError(await t.call('DELETE', API.adminDelete(id), as(people.admin)), 409, 'DELIVERY_DELETE_NOT_ALLOWED');
    await refused(db.execute(sql`delete from request_items where id = ${id}`), /foreign key|violates/);
    await refused(db.delete(companies).where(eq(companies.id, companyId)), /foreign key|violates/);
    expect((await t.call('GET', P.one(invoice.id), as(people.admin))).statusCode).toBe(200);
    // The service counts the kept-through day itself as kept; the day after it lets the delete
    // through, and then the database, whose clock is today's, still refuses on its own.
    const service = createInvoiceService(t.app.deps);
    const admin = { userId: people.admin.id, role: 'ADMIN' } as Parameters<typeof service.get>[0];
    const lastDay = new Date(`${invoice.keptThrough}T12:00:00+09:00`);
    await expect(service.remove(admin, invoice.id, lastDay)).rejects.toMatchObject({ code: 'INVOICE_RETENTION_ACTIVE' });
    await refused(service.remove(admin, invoice.id, new Date(lastDay.getTime() + 86_400_000)), /kept through/);
    expect((await t.call('GET', P.one(invoice.id), as(people.admin))).statusCode).toBe(200);
  });

  it('a draft may be deleted by the admin', async () => {
    const { draft } = await completedJob();
    expect(ok<{ message: string }>(await t.call('DELETE', P.one(draft.id), as(people.admin))).message).toBeTruthy();
    expectError(await t.call('GET', P.one(draft.id), as(people.driver)), 404, 'INVOICE_NOT_FOUND');
  });
});

describe("the parties' billing profiles", () => {
  it("the due date follows the shipper's own terms, and the invoice prints the carrier's 振込先", async () => {
    const [customer] = await t.app.deps.db.select().from(users).where(eq(users.id, people.customer.id));
    const terms = { closingDay: 20, payMonth: 1, payDay: 20 } as const;
    ok(await t.call('PUT', `/api/v1/companies/${customer!.companyId}/payment-terms`, { ...as(people.customer), body: terms }));
    const bank = {
      bankName: 'みずほ銀行',
      branchName: '東京営業部',
      accountType: 'ORDINARY',
      accountNumber: '0123456',
      accountHolder: 'カ）ヤマダウンユ',
    };
    ok(await t.call('PUT', `/api/v1/companies/${companyId}/bank-account`, { ...as(people.manager), body: bank }));
    try {
      const { invoice } = await issued();
      const today = japanDay(new Date());
      expect(invoice.dueDate).toBe(paymentSchedule([today], terms).dueDate);
      const text = await pdfText((await t.call('GET', P.pdf(invoice.id), as(people.customer))).rawPayload);
      expect(text).toContain('支払条件 20日締め翌月20日払い');
      expect(text).toContain(`${INVOICE_TEXT.bankAccount} みずほ銀行 東京営業部 普通 0123456 カ）ヤマダウンユ`);
    } finally {
      ok(
        await t.call('PUT', `/api/v1/companies/${customer!.companyId}/payment-terms`, {
          ...as(people.customer),
          body: DEFAULT_PAYMENT_TERMS,
        }),
      );
    }
  });
});

describe('an account deleted after the issue', () => {
  it('the carrier company removes the driver who issued it: the invoice stays, readable by the shipper and the company', async () => {
    const { invoice } = await issued();
    ok(await t.call('PATCH', `/api/v1/drivers/remove/${people.driver.id}`, as(people.manager)));
    expect(ok<TInvoice>(await t.call('GET', P.one(invoice.id), as(people.customer))).number).toBe(invoice.number);
    expect((await t.call('GET', P.pdf(invoice.id), as(people.manager))).statusCode).toBe(200);
    expectError(await t.call('DELETE', P.one(invoice.id), as(people.admin)), 409, 'INVOICE_RETENTION_ACTIVE');
  });
});
