/**
 * The monthly statement (issue 46, decision 102): a carrier gathers, for one shipper and one
 * closing period, the completed deliveries no issued invoice bills into one 適格請求書, previews
 * the draft, issues it (number, due date, PDF; the shipper is told), corrects it by 赤伝 and a
 * replacement. A job is billed by one live document only: the service refuses, a race loses, and
 * the database's claim refuses SQL that goes around the service. Access: the carrier side, the
 * shipper once issued, the admin; 404 to anyone else; a shipper cannot make or issue one.
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PAYMENT_TERMS,
  type TInvoice,
  type TInvoiceCorrection,
  type TInvoiceList,
  type TStatementShipperList,
  type TUserNotificationList,
  japanDay,
  requestReference,
  statementPeriodOfMonth,
  statementSchedule,
} from '@logi/contract';
import { companies, invoiceDocuments, invoiceJobClaims, requestItems, users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { API, type Party, UNKNOWN, expectError } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery, reportInFull, startPickup } from '../../../test/scenario';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
  const [driver] = await t.app.deps.db.select().from(users).where(eq(users.id, people.driver.id));
  await t.app.deps.db
    .update(companies)
    .set({ name: '山田運輸株式会社', invoiceRegistrationNo: 'T9234567890123' })
    .where(eq(companies.id, driver!.companyId!));
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
  shippers: '/api/v1/invoices/statement-shippers',
  statements: '/api/v1/invoices/statements',
};

function ok<T>(res: { statusCode: number; body: string; json(): unknown }): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A delivery `customer` posted, `carrier` carried and the customer approved as complete; its per-job draft. */
async function completedJob(customer: Party, carrier: Party) {
  const deal = await approvedDelivery(t, customer, carrier);
  const id = deal.item.id;
  await startPickup(t, deal, customer, carrier);
  await reportInFull(t, carrier, id, { pickupTemperature: -18, deliveryTemperature: -17.5 });
  ok(await t.call('PATCH', API.complete(id), as(customer)));
  const [draft] = ok<TInvoiceList>(await t.call('GET', P.ofJob(id), as(carrier))).data;
  return { id, draftId: draft!.id };
}

const thisMonth = () => japanDay(new Date()).slice(0, 7);
const statement = (who: Party, shipper: Party, month = thisMonth()) =>
  t.call('POST', P.statements, { ...as(who), body: { shipperId: shipper.id, month } });

describe('the monthly statement: draft, preview, issue', () => {
  let alone: { id: string; draftId: string };
  let jobs: { id: string; draftId: string }[];
  let issued: TInvoice;

  beforeAll(async () => {
    alone = await completedJob(people.customer, people.driver);
    ok(await t.call('POST', P.issue(alone.draftId), as(people.driver)));
    jobs = [await completedJob(people.customer, people.driver), await completedJob(people.customer, people.driver)];
  });

  it('GET /invoices/statement-shippers: the shippers the carrier completed deliveries for; none for another; a shipper 401', async () => {
    const { data } = ok<TStatementShipperList>(await t.call('GET', P.shippers, as(people.manager)));
    expect(data).toEqual([{ shipperId: people.customer.id, name: expect.any(String), paymentTerms: '月末締め翌月末払い' }]);
    expect(ok<TStatementShipperList>(await t.call('GET', P.shippers, as(people.otherDriver))).data).toEqual([]);
    expectError(await t.call('GET', P.shippers, as(people.customer)), 401, 'ROLE_NOT_ALLOWED');
  });

  it('POST /invoices/statements: the month’s completed jobs not invoiced alone, totals taxed once per rate; made again on a second call', async () => {
    const first = ok<TInvoice>(await statement(people.manager, people.customer));
    const draft = ok<TInvoice>(await statement(people.manager, people.customer));
    expectError(await t.call('GET', P.one(first.id), as(people.manager)), 404, 'INVOICE_NOT_FOUND');
    const period = statementPeriodOfMonth(thisMonth(), 'END');
    expect(draft).toMatchObject({
      kind: 'MONTHLY_STATEMENT',
      status: 'DRAFT',
      number: null,
      periodFrom: period.from,
      periodTo: period.to,
      serviceDay: japanDay(new Date()),
    });
    expect(new Set(draft.requestItemIds)).toEqual(new Set(jobs.map((j) => j.id)));
    expect(draft.jobs.map((j) => j.reference).sort()).toEqual(jobs.map((j) => requestReference(j.id)).sort());
    for (const job of draft.jobs) {
      expect(job).toMatchObject({ serviceDay: japanDay(new Date()), route: expect.stringContaining('→') });
      expect(job.byRate).toEqual([{ rate: '10%', excludingTax: job.subtotal }]);
    }
    expect(draft.subtotal).toBe(draft.jobs.reduce((sum, j) => sum + j.subtotal, 0));
    expect(draft.tax).toBe(Math.floor(draft.subtotal / 10));

    // One odd line per job: 10,005円 each. Rounded per job the tax would be 1,000 + 1,000; once per rate it is 2,001.
    const lines = [
      ...draft.lines.map(({ kind, description, amount, taxCategory, requestItemId }) => ({
        kind,
        description,
        amount,
        taxCategory,
        requestItemId,
      })),
      ...jobs.map((j) => ({
        kind: 'OTHER',
        description: '荷待ち対応',
        amount: 10_005,
        taxCategory: 'STANDARD',
        requestItemId: j.id,
      })),
    ];
    const edited = ok<TInvoice>(await t.call('PUT', P.lines(draft.id), { ...as(people.manager), body: { lines } }));
    expect(edited.subtotal).toBe(draft.subtotal + 20_010);
    expect(edited.tax).toBe(draft.tax + 2_001);
    expect(edited.jobs.map((j) => j.subtotal).reduce((a, b) => a + b)).toBe(edited.subtotal);
  });

  it('refuses: a shipper 401, a shipper the carrier never served 404, an unknown one 404, a month with nothing 409, a bad month 400', async () => {
    expectError(await statement(people.customer, people.customer), 401, 'ROLE_NOT_ALLOWED');
    expectError(await statement(people.otherDriver, people.customer), 404, 'INVOICE_SHIPPER_NOT_FOUND');
    expectError(await statement(people.manager, people.otherCustomer), 404, 'INVOICE_SHIPPER_NOT_FOUND');
    expectError(await statement(people.manager, { ...people.customer, id: UNKNOWN }), 404, 'INVOICE_SHIPPER_NOT_FOUND');
    expectError(await statement(people.manager, people.customer, '2020-01'), 409, 'INVOICE_STATEMENT_EMPTY');
    for (const month of ['2026-13', '2026-7', 'abc']) {
      expectError(await statement(people.manager, people.customer, month), 400, 'VALIDATION_FAILED');
    }
  });

  it('the draft is the carrier’s: a preview PDF; 404 to the shipper, another carrier and another customer; a shipper cannot issue', async () => {
    const [draft] = ok<TInvoiceList>(await t.call('GET', P.list('?kind=MONTHLY_STATEMENT'), as(people.manager))).data;
    const preview = await t.call('GET', P.pdf(draft!.id), as(people.manager));
    expect(preview.statusCode).toBe(200);
    const text = await pdfText(preview.rawPayload);
    expect(text).toContain('適格請求書（月締め）');
    expect(text).toContain('（下書き）');
    for (const who of [people.customer, people.otherDriver, people.otherCustomer]) {
      expectError(await t.call('GET', P.one(draft!.id), as(who)), 404, 'INVOICE_NOT_FOUND');
    }
    expectError(await t.call('POST', P.issue(draft!.id), as(people.otherDriver)), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.call('POST', P.issue(draft!.id), as(people.customer)), 401, 'ROLE_NOT_ALLOWED');
    ok(await t.call('GET', P.one(draft!.id), as(people.admin)));
  });

  it('POST /invoices/{id}/issue: number, due date by the shipper’s terms, the PDF lists each job; the shipper is told and downloads it', async () => {
    const [draft] = ok<TInvoiceList>(await t.call('GET', P.list('?kind=MONTHLY_STATEMENT'), as(people.manager))).data;
    issued = ok<TInvoice>(await t.call('POST', P.issue(draft!.id), as(people.manager)));
    const period = statementPeriodOfMonth(thisMonth(), 'END');
    expect(issued).toMatchObject({
      status: 'ISSUED',
      number: `MS-${thisMonth().replace('-', '')}-${requestReference(issued.id)}`,
      qualified: true,
      registrationNumber: 'T9234567890123',
      dueDate: statementSchedule(period, [japanDay(new Date())], DEFAULT_PAYMENT_TERMS).dueDate,
      paymentStatus: 'OPEN',
    });
    expectError(await t.call('POST', P.issue(issued.id), as(people.manager)), 409, 'INVOICE_NOT_DRAFT');

    // The shipper's list (the kind filter too), its notification, its PDF.
    const listed = ok<TInvoiceList>(await t.call('GET', P.list('?kind=MONTHLY_STATEMENT'), as(people.customer))).data;
    expect(listed.map((d) => d.id)).toEqual([issued.id]);
    const invoicesOnly = ok<TInvoiceList>(await t.call('GET', P.list('?kind=INVOICE'), as(people.customer))).data;
    expect(invoicesOnly.every((d) => d.kind === 'INVOICE')).toBe(true);
    const notes = ok<TUserNotificationList>(await t.call('GET', '/api/v1/notifications?limit=100', as(people.customer)));
    expect(notes.data.map((n) => n.notification).filter((n) => n.message.includes(issued.number!))).toEqual([
      expect.objectContaining({
        type: 'INVOICE_ISSUED',
        title: '月次請求書が発行されました',
        link: `/my-page/invoices/${issued.id}`,
      }),
    ]);
    const pdf = await t.call('GET', P.pdf(issued.id), as(people.customer));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('適格請求書（月締め）');
    expect(text).toContain(issued.number!);
    expect(text).toContain('T9234567890123');
    expect(text).toContain('対象期間');
    for (const j of jobs) expect(text).toContain(requestReference(j.id));
    expect(text).not.toContain(requestReference(alone.id));
    expect(text).toContain('月末締め翌月末払い');
  });

  it('a job on the issued statement cannot be invoiced alone: the service refuses, and so does the database', async () => {
    expectError(await t.call('POST', P.issue(jobs[0]!.draftId), as(people.driver)), 409, 'INVOICE_JOB_ALREADY_BILLED');
    // Around the service: the claim's primary key refuses the second live document.
    const err = await t.app.deps.db
      .update(invoiceDocuments)
      .set({ status: 'ISSUED', number: `SQL-${jobs[0]!.id}` })
      .where(eq(invoiceDocuments.id, jobs[0]!.draftId))
      .then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
    expect(err?.cause?.message ?? err?.message).toMatch(/invoice_job_claims_pkey|duplicate key/);
    // Nor is it on a new statement: nothing is left to bill this month.
    expectError(await statement(people.manager, people.customer), 409, 'INVOICE_STATEMENT_EMPTY');
  });

  it('corrected by 赤伝 and a replacement statement; the replacement issues, the original is listed 取消済み', async () => {
    const { cancellation, replacement } = ok<TInvoiceCorrection>(
      await t.call('POST', P.corrections(issued.id), as(people.manager)),
    );
    expect(cancellation).toMatchObject({
      kind: 'CANCELLATION',
      status: 'ISSUED',
      number: `CN-${thisMonth().replace('-', '')}-${requestReference(cancellation.id)}`,
      total: -issued.total,
      correctsNumber: issued.number,
    });
    expect(replacement).toMatchObject({
      kind: 'MONTHLY_STATEMENT',
      status: 'DRAFT',
      periodFrom: issued.periodFrom,
      total: issued.total,
    });
    expect(new Set(replacement.requestItemIds)).toEqual(new Set(issued.requestItemIds));
    const reissued = ok<TInvoice>(await t.call('POST', P.issue(replacement.id), as(people.manager)));
    expect(reissued).toMatchObject({ status: 'ISSUED', correctsNumber: issued.number });
    const original = ok<TInvoice>(await t.call('GET', P.one(issued.id), as(people.customer)));
    expect(original.paymentStatus).toBe('CANCELLED');
  });
});

describe('the period: the shipper’s 締め日, Japan-time days', () => {
  let job: { id: string };
  beforeAll(async () => {
    job = await completedJob(people.otherCustomer, people.otherDriver);
    // Completed at 00:30 on 1 August 2026 in Tokyo (15:30 UTC on 31 July).
    await t.app.deps.db
      .update(requestItems)
      .set({ completedAt: new Date('2026-07-31T15:30:00Z') })
      .where(eq(requestItems.id, job.id));
  });

  it('月末締め (no terms set): the job is August’s, due on the 60th day counting 1 August', async () => {
    expectError(await statement(people.otherDriver, people.otherCustomer, '2026-07'), 409, 'INVOICE_STATEMENT_EMPTY');
    const august = ok<TInvoice>(await statement(people.otherDriver, people.otherCustomer, '2026-08'));
    expect(august).toMatchObject({ periodFrom: '2026-08-01', periodTo: '2026-08-31', serviceDay: '2026-08-01' });
    expect(august.jobs).toEqual([expect.objectContaining({ requestItemId: job.id, serviceDay: '2026-08-01' })]);
    const issued = ok<TInvoice>(await t.call('POST', P.issue(august.id), as(people.otherDriver)));
    // 月末締め翌月末払い names 30 September; the 60th day counting 1 August is 29 September.
    expect(issued.dueDate).toBe('2026-09-29');
    ok(await t.call('POST', P.corrections(issued.id), as(people.otherDriver)));
  });

  it('20日締め翌月20日払い: the job falls in 21 July – 20 August, due 20 September', async () => {
    const [shipper] = await t.app.deps.db.select().from(users).where(eq(users.id, people.otherCustomer.id));
    const terms = { closingDay: 20, payMonth: 1, payDay: 20 } as const;
    const path = `/api/v1/companies/${shipper!.companyId}/payment-terms`;
    ok(await t.call('PUT', path, { ...as(people.otherCustomer), body: terms }));
    try {
      expectError(await statement(people.otherDriver, people.otherCustomer, '2026-07'), 409, 'INVOICE_STATEMENT_EMPTY');
      const draft = ok<TInvoice>(await statement(people.otherDriver, people.otherCustomer, '2026-08'));
      expect(draft).toMatchObject({ periodFrom: '2026-07-21', periodTo: '2026-08-20' });
      // The replacement draft of the corrected August statement is a draft too; this one is new.
      const issued = ok<TInvoice>(await t.call('POST', P.issue(draft.id), as(people.otherDriver)));
      expect(issued.dueDate).toBe('2026-09-20');
    } finally {
      ok(await t.call('PUT', path, { ...as(people.otherCustomer), body: DEFAULT_PAYMENT_TERMS }));
    }
  });
});

describe('a race between a job’s invoice and a statement', () => {
  it('issued at once, one wins and the other is refused 409; the job is billed once', async () => {
    const job = await completedJob(people.customer, people.driver);
    const draft = ok<TInvoice>(await statement(people.driver, people.customer));
    expect(draft.requestItemIds).toEqual([job.id]);
    const [a, b] = await Promise.all([
      t.call('POST', P.issue(draft.id), as(people.driver)),
      t.call('POST', P.issue(job.draftId), as(people.driver)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'INVOICE_JOB_ALREADY_BILLED' });
    const claims = await t.app.deps.db.select().from(invoiceJobClaims).where(eq(invoiceJobClaims.requestItemId, job.id));
    expect(claims).toHaveLength(1);
  });
});
