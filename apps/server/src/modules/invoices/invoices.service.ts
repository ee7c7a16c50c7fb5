/**
 * The carrier's invoice to the shipper for a job (issue 46 items 2, 3 and 5; decisions 090, 094).
 * A draft is made in the completion's transaction from what the 運送条件書 agreed and the waiting
 * charges the stop times give; the carrier edits it (tolls with their receipt) and issues it,
 * which fixes its number, due date and PDF for good. A correction is a 赤伝 naming the original
 * and a new draft replacing it; all are kept. The shipper marks an invoice paid, the carrier
 * confirms the receipt. Only the two parties and the admin see a document; anyone else gets 404.
 */
import {
  BankAccountType,
  INVOICE_TEXT,
  type InvoiceTotals,
  type PaymentTerms,
  SUCCESS_MESSAGES,
  type TMessageResponse,
  type TInvoice,
  type TInvoiceCorrection,
  type TInvoiceLinesBody,
  type TInvoiceList,
  type TInvoiceListQuery,
  type TInvoicePaymentBody,
  type TInvoiceSummary,
  type TInvoiceJob,
  type TStatementBody,
  type TStatementShipperList,
  type StatementPeriod,
  TransportType,
  addDays,
  cancellationOf,
  checkRegistrationNumber,
  invoiceTotals,
  japanDay,
  keptThrough,
  foldName,
  paymentSchedule,
  paymentTermsLabel,
  requestReference,
  statementPeriodOfMonth,
  statementSchedule,
} from '@logi/contract';
import { type InvoiceContent, invoiceDocument } from '../../domain/invoice-document';
import { paymentStatusOf } from '../../domain/invoice-payment';
import { actorOf } from '../../domain/request-lifecycle';
import { formatAddress } from '../../domain/transport-conditions';
import type { Database } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { renderPdf } from '../../platform/pdf/japanese-pdf';
import * as accounts from '../accounts/accounts.service';
import { bankAccountOf, paymentTermsOf } from '../billing-profile/billing-profile.service';
import { attachFiles } from '../files/files.service';
import { type EventDeps, withEvents } from '../notifications/notifications.service';
import { getRequestItemRow } from '../request-items/request-items.access.service';
import { waitingChargesOf } from '../stop-times/stop-times.service';
import { conditionsInForce } from '../transport-conditions/transport-conditions.service';
import * as repo from './invoices.repository';

/** Days before the due date the parties are reminded (dueReminders). */
export const REMIND_DAYS_BEFORE = 3;

const sumOf = (t: InvoiceTotals) => ({ subtotal: t.subtotal, tax: t.tax, total: t.total });
const linesForTotals = (lines: readonly repo.NewLine[]) =>
  lines.map((l) => ({ description: l.description, amount: l.amount, category: l.taxCategory as 'STANDARD' }));

/** The lines of a just-completed job: the 運送条件書's fare and charges, and each stop's waiting charge. */
async function jobLines(tx: Database, requestItemId: string): Promise<repo.NewLine[] | undefined> {
  const conditions = await conditionsInForce(tx, requestItemId);
  if (!conditions) return undefined;
  const { charges, job } = conditions;
  const line = (kind: repo.NewLine['kind'], description: string, amount: number): repo.NewLine => ({
    requestItemId,
    kind,
    description,
    amount,
    taxCategory: 'STANDARD',
  });
  const lines = [line('FARE', `${job.reference} ${job.baggageName}`, charges.fare)];
  if (charges.incidentalCharge !== null)
    lines.push(line('INCIDENTAL', conditions.incidentalWork.join('・'), charges.incidentalCharge));
  if (charges.fuelSurcharge !== null) lines.push(line('FUEL_SURCHARGE', job.reference, charges.fuelSurcharge));
  for (const stop of await waitingChargesOf(tx, requestItemId)) {
    const where = `${TransportType.labels[stop.transportType]} ${stop.site}`;
    lines.push(line('WAITING', `${where}（待機${stop.waitingMinutes}分）`, stop.charge));
  }
  return lines;
}

/**
 * Inside the completion's transaction: the draft invoice from the carrier that took the job to
 * the shipper. Nothing when no 運送条件書 was issued (a job approved before they existed).
 */
export async function createJobInvoiceDraft(tx: Database, requestItemId: string, completedAt: Date): Promise<void> {
  const item = await getRequestItemRow(tx, requestItemId);
  const lines = await jobLines(tx, requestItemId);
  if (!lines || !item.receiverId) return;
  // One after the other: a transaction's statements share its one connection (pg@9 refuses a second at once).
  const issuer = await accounts.findUserById(tx, item.receiverId);
  const recipient = await accounts.findUserById(tx, item.creatorId);
  const serviceDay = japanDay(completedAt);
  const totals = invoiceTotals(linesForTotals(lines), serviceDay);
  const document = await repo.insertDocument(tx, {
    kind: 'INVOICE',
    issuerUserId: item.receiverId,
    issuerCompanyId: issuer?.companyId ?? null,
    recipientUserId: item.creatorId,
    recipientCompanyId: recipient?.companyId ?? null,
    serviceDay,
    totals,
    ...sumOf(totals),
  });
  await repo.insertJobs(tx, document.id, [requestItemId]);
  await repo.replaceLines(tx, document.id, lines);
}

/** The shipper's payment terms (its billing profile; 月末締め翌月末払い when it set none). */
const paymentTermsFor = (db: Database, doc: repo.DocumentRow): Promise<PaymentTerms> => paymentTermsOf(db, doc.recipientUserId);

/** The carrier company's 振込先 as one line, or null when it entered none (an invoice is where the shipper sees it). */
async function bankAccountLine(db: Database, doc: repo.DocumentRow): Promise<string | null> {
  if (doc.kind === 'CANCELLATION' || !doc.issuerCompanyId) return null;
  const account = await bankAccountOf(db, doc.issuerCompanyId);
  if (!account) return null;
  const { bankName, branchName, accountType, accountNumber, accountHolder } = account;
  return `${bankName} ${branchName} ${BankAccountType.labels[accountType]} ${accountNumber} ${accountHolder}`;
}

/**
 * The carrier company's 登録番号 as its profile says now, when it passes the check (decision 090):
 * what an issue freezes, and what a draft's preview shows.
 */
async function registrationOf(db: Database, issuerUserId: string) {
  const issuer = await accounts.findUserWithCompany(db, issuerUserId);
  const value = issuer?.company?.invoiceRegistrationNo ?? null;
  const qualified = value !== null && checkRegistrationNumber(value).accepted;
  return { registrationNumber: qualified ? value : null, qualified };
}

type Side = 'CARRIER' | 'SHIPPER' | 'ADMIN';

/** The caller's side of a document, or null (a stranger, or the shipper before it is issued). */
async function sideOf(db: Database, auth: AuthContext, doc: repo.DocumentRow): Promise<Side | null> {
  if (auth.role === 'ADMIN') return 'ADMIN';
  if (auth.role === 'CUSTOMER') return doc.recipientUserId === auth.userId && doc.status === 'ISSUED' ? 'SHIPPER' : null;
  if (auth.role !== 'DRIVER' && auth.role !== 'DRIVER_MANAGER') return null;
  if (doc.issuerUserId === auth.userId) return 'CARRIER';
  // The carrier company's manager bills for its drivers.
  if (auth.role === 'DRIVER_MANAGER' && doc.issuerCompanyId) {
    const me = await accounts.findUserById(db, auth.userId);
    if (me?.companyId === doc.issuerCompanyId) return 'CARRIER';
  }
  return null;
}

/** The document if the caller may see it from `need` (any side when absent); 404 otherwise. */
async function documentFor(tx: Database, auth: AuthContext, id: string, need?: Side, lock = false) {
  const doc = await repo.findDocument(tx, id, lock);
  const side = doc ? await sideOf(tx, auth, doc) : null;
  if (!doc || !side || (need && side !== need)) throw new AppError('INVOICE_NOT_FOUND');
  return doc;
}

/** The carrier scope of a caller: its own jobs, and for a manager its company's drivers' too. */
async function carrierScopeOf(db: Database, auth: AuthContext): Promise<repo.CarrierScope> {
  const me = await accounts.findUserById(db, auth.userId);
  return { userId: auth.userId, companyId: auth.role === 'DRIVER_MANAGER' ? (me?.companyId ?? null) : null };
}

/** The start of a Japan-time day as an instant (00:00 JST). */
const japanMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** A job's route on a document: each stop's address, in order. */
const routeOf = (stops: readonly { address: string }[]) => stops.map((s) => s.address).join(' → ');

/** The database's claim refused a job another live document bills (a race the service's check lost). */
const claimRefused = (err: unknown): never => {
  if (isUniqueViolation(err, 'invoice_job_claims_pkey')) throw new AppError('INVOICE_JOB_ALREADY_BILLED');
  throw err;
};

export function createInvoiceService(deps: EventDeps) {
  const { db } = deps;

  /** The jobs a document bills, as its detail and its PDF list them (amounts excluding tax per rate). */
  async function jobViews(tx: Database, doc: repo.DocumentRow, lines: readonly repo.LineRow[]): Promise<TInvoiceJob[]> {
    const jobs = (await repo.jobsOf(tx, [doc.id])).map((j) => j.requestItemId);
    const completed = await repo.completedAtOf(tx, jobs);
    const rows: TInvoiceJob[] = [];
    for (const requestItemId of jobs) {
      const conditions = await conditionsInForce(tx, requestItemId);
      const at = completed.get(requestItemId);
      const serviceDay = doc.kind === 'MONTHLY_STATEMENT' && at ? japanDay(at) : doc.serviceDay;
      const own = lines.filter((l) => l.requestItemId === requestItemId);
      const totals = invoiceTotals(
        own.map((l) => ({ description: l.description, amount: Math.abs(l.amount), category: l.taxCategory as 'STANDARD' })),
        serviceDay,
      );
      const sign = own.some((l) => l.amount < 0) ? -1 : 1;
      rows.push({
        requestItemId,
        reference: requestReference(requestItemId),
        baggageName: conditions?.job.baggageName ?? '',
        serviceDay,
        route: conditions ? routeOf(conditions.job.stops) : '',
        byRate: [
          ...totals.byRate.map((r) => ({ rate: r.rate.label, excludingTax: sign * r.excludingTax })),
          ...(totals.exempt ? [{ rate: INVOICE_TEXT.exempt, excludingTax: sign * totals.exempt }] : []),
        ],
        subtotal: sign * totals.subtotal,
      });
    }
    return rows.sort((a, b) => a.serviceDay.localeCompare(b.serviceDay) || a.reference.localeCompare(b.reference));
  }

  async function views(tx: Database, docs: repo.DocumentRow[], withJobs = true): Promise<TInvoice[]> {
    const ids = docs.map((d) => d.id);
    const correctsIds = docs.map((d) => d.correctsDocumentId).filter((x): x is string => x !== null);
    // One after the other: `tx` may be a transaction, whose one connection takes one statement at a time.
    const lines = await repo.linesOf(tx, ids);
    const jobs = await repo.jobsOf(tx, ids);
    const cancelled = await repo.cancelledAmong(tx, ids);
    const names = await repo.partyNames(
      tx,
      docs.flatMap((d) => [d.issuerUserId, d.recipientUserId]),
    );
    const numbers = await repo.numbersOf(tx, [...new Set(correctsIds)]);
    const today = japanDay(new Date());
    const jobRows = new Map<string, TInvoiceJob[]>();
    if (withJobs) {
      for (const d of docs)
        jobRows.set(
          d.id,
          await jobViews(
            tx,
            d,
            lines.filter((l) => l.documentId === d.id),
          ),
        );
    }
    return docs.map((d) => {
      const content = d.content as InvoiceContent | null;
      const totals = d.totals as InvoiceTotals;
      return {
        id: d.id,
        kind: d.kind,
        status: d.status,
        number: d.number,
        requestItemIds: jobs.filter((j) => j.documentId === d.id).map((j) => j.requestItemId),
        issuerCompany: content?.issuer.company ?? names.get(d.issuerUserId) ?? '',
        recipientCompany: content?.recipient.company ?? names.get(d.recipientUserId) ?? '',
        serviceDay: d.serviceDay,
        issuedOn: d.issuedOn,
        dueDate: d.dueDate,
        qualified: d.qualified,
        registrationNumber: d.registrationNumber,
        correctsDocumentId: d.correctsDocumentId,
        correctsNumber: d.correctsDocumentId ? (numbers.get(d.correctsDocumentId) ?? null) : null,
        subtotal: d.subtotal,
        tax: d.tax,
        total: d.total,
        paymentStatus: paymentStatusOf(d, cancelled.has(d.id), today),
        paidOn: d.paidOn,
        paidAmount: d.paidAmount,
        receiptConfirmedAt: d.receiptConfirmedAt?.toISOString() ?? null,
        keptThrough: d.keptThrough,
        periodFrom: d.periodFrom,
        periodTo: d.periodTo,
        jobs: jobRows.get(d.id) ?? [],
        lines: lines
          .filter((l) => l.documentId === d.id)
          .map((l) => ({
            id: l.id,
            kind: l.kind,
            description: l.description,
            amount: l.amount,
            taxCategory: l.taxCategory as 'STANDARD',
            receiptFileId: l.receiptFileId,
            requestItemId: l.requestItemId,
          })),
        byRate: totals.byRate.map((r) => ({
          rate: r.rate.label,
          excludingTax: r.excludingTax,
          tax: r.tax,
          includingTax: r.includingTax,
        })),
        exempt: totals.exempt,
      };
    });
  }
  const viewOf = async (tx: Database, doc: repo.DocumentRow) => (await views(tx, [doc]))[0]!;
  const summary = ({ lines: _l, jobs: _j, byRate: _b, exempt: _e, ...rest }: TInvoice): TInvoiceSummary => rest;

  /** What the PDF prints: the parties as their profiles say now (frozen by the issue). */
  async function contentOf(
    tx: Database,
    doc: repo.DocumentRow,
    issue: Omit<InvoiceContent, 'issuer' | 'recipient' | 'jobs' | 'lines' | 'totals' | 'serviceDay' | 'kind' | 'period'>,
  ) {
    // In turn: a transaction is one connection.
    const issuer = await accounts.findUserWithCompany(tx, doc.issuerUserId);
    const recipient = await accounts.findUserWithCompany(tx, doc.recipientUserId);
    const lines = await repo.linesOf(tx, [doc.id]);
    const jobs = await jobViews(tx, doc, lines);
    const bankAccount = await bankAccountLine(tx, doc);
    const person = (u: NonNullable<typeof issuer>['user']) => [u.lastName, u.firstName].filter(Boolean).join(' ') || u.name;
    const address = (r: typeof issuer) => (r?.location ? formatAddress(r.location) : '');
    const jobRows = jobs.map((j) => ({
      reference: j.reference,
      baggageName: j.baggageName,
      serviceDay: j.serviceDay,
      route: j.route,
      byRate: j.byRate,
    }));
    const references = new Map(jobs.map((j) => [j.requestItemId, j.reference]));
    return {
      kind: doc.kind,
      serviceDay: doc.serviceDay,
      period: doc.periodFrom && doc.periodTo ? { from: doc.periodFrom, to: doc.periodTo } : null,
      ...issue,
      issuer: {
        company: issuer?.company?.name ?? (issuer ? person(issuer.user) : ''),
        address: address(issuer),
        phone: issuer?.user.phone ?? '',
        registrationNumber: doc.registrationNumber,
      },
      bankAccount,
      recipient: {
        company: recipient?.company?.name ?? (recipient ? person(recipient.user) : ''),
        name: recipient ? person(recipient.user) : '',
        address: address(recipient),
      },
      jobs: jobRows,
      lines: lines.map((l) => ({
        reference: l.requestItemId ? (references.get(l.requestItemId) ?? null) : null,
        kind: l.kind,
        description: l.description,
        amount: l.amount,
        taxCategory: l.taxCategory as 'STANDARD',
      })),
      totals: doc.totals as InvoiceTotals,
    } satisfies InvoiceContent;
  }

  /** The next number of a job's documents: INV-XXXX-XXXX-1, CN-XXXX-XXXX-2 … (one count per job). */
  async function nextNumber(tx: Database, doc: repo.DocumentRow): Promise<string> {
    // A statement and its 赤伝: MS-202607-XXXX-XXXX, CN-202607-XXXX-XXXX (the month closed, the document's id).
    if (doc.periodTo) {
      return `${doc.kind === 'CANCELLATION' ? 'CN' : 'MS'}-${doc.periodTo.slice(0, 7).replace('-', '')}-${requestReference(doc.id)}`;
    }
    const [job] = await repo.jobsOf(tx, [doc.id]);
    const n = (await repo.issuedCountOfJob(tx, job!.requestItemId)) + 1;
    return `${doc.kind === 'CANCELLATION' ? 'CN' : 'INV'}-${requestReference(job!.requestItemId)}-${n}`;
  }

  /** Issues `doc` (a draft) now: number, 登録番号 snapshot, due date, content and PDF, kept-through day. */
  async function issueNow(tx: Database, doc: repo.DocumentRow, correctsNumber: string | null): Promise<repo.DocumentRow> {
    const issuedAt = new Date();
    const issuedOn = japanDay(issuedAt);
    const { registrationNumber, qualified } = await registrationOf(tx, doc.issuerUserId);
    const terms = doc.kind === 'CANCELLATION' ? null : await paymentTermsFor(tx, doc);
    const period: StatementPeriod | null = doc.periodFrom && doc.periodTo ? { from: doc.periodFrom, to: doc.periodTo } : null;
    const schedule = !terms
      ? null
      : period
        ? statementSchedule(period, [doc.serviceDay], terms)
        : paymentSchedule([doc.serviceDay], terms);
    const fixed = {
      number: await nextNumber(tx, doc),
      registrationNumber,
      qualified,
      paymentTerms: terms,
      dueDate: schedule?.dueDate ?? null,
    };
    const content = await contentOf(
      tx,
      { ...doc, ...fixed },
      {
        number: fixed.number,
        issuedOn,
        dueDate: fixed.dueDate,
        paymentTerms: terms ? paymentTermsLabel(terms) : null,
        dueDateBroughtForward: schedule?.broughtForward ?? false,
        corrects: correctsNumber,
      },
    );
    return repo.updateDocument(tx, doc.id, {
      ...fixed,
      status: 'ISSUED',
      content,
      pdf: await renderPdf(invoiceDocument(content), issuedAt),
      issuedAt,
      issuedOn,
      keptThrough: keptThrough(issuedOn, deps.config.invoiceRetentionYears),
    });
  }

  const correctedNumber = async (tx: Database, doc: repo.DocumentRow) =>
    doc.correctsDocumentId ? ((await repo.findDocument(tx, doc.correctsDocumentId))?.number ?? null) : null;

  return {
    /** The caller's documents (carrier: issued and drafts; shipper: issued; admin: all), searched by the three keys. */
    async list(auth: AuthContext, query: TInvoiceListQuery): Promise<TInvoiceList> {
      let party: repo.ListParty;
      if (auth.role === 'ADMIN') party = { all: true };
      else if (auth.role === 'CUSTOMER') party = { recipientUserId: auth.userId };
      else {
        const me = await accounts.findUserById(db, auth.userId);
        party = { carrierUserId: auth.userId, companyId: auth.role === 'DRIVER_MANAGER' ? (me?.companyId ?? null) : null };
      }
      // All three keys in SQL, so the row limit never hides a match.
      const { counterparty, ...range } = query;
      const rows = await repo.listDocuments(db, party, {
        ...range,
        counterparty: counterparty === undefined ? undefined : foldName(counterparty),
      });
      const found = await views(db, rows, false);
      return { data: found.map(summary) };
    },

    /** A job's documents the caller may see; a stranger to the job gets 404. */
    async ofJob(auth: AuthContext, requestItemId: string): Promise<TInvoiceList> {
      const item = await getRequestItemRow(db, requestItemId);
      const docs = await repo.documentsOfJob(db, item.id);
      const visible: repo.DocumentRow[] = [];
      for (const d of docs) if (await sideOf(db, auth, d)) visible.push(d);
      if (actorOf(item, auth) === 'OTHER' && visible.length === 0) throw new AppError('REQUEST_ITEM_NOT_FOUND');
      return { data: (await views(db, visible, false)).map(summary) };
    },

    async get(auth: AuthContext, id: string): Promise<TInvoice> {
      return viewOf(db, await documentFor(db, auth, id));
    },

    /** The issued PDF as it was issued; a draft's rendered now, for the carrier to review. */
    async pdf(auth: AuthContext, id: string): Promise<{ fileName: string; pdf: Buffer }> {
      const doc = await documentFor(db, auth, id);
      if (doc.status === 'ISSUED') return { fileName: `請求書_${doc.number}.pdf`, pdf: (await repo.findPdf(db, id))! };
      const content = await contentOf(
        db,
        { ...doc, ...(await registrationOf(db, doc.issuerUserId)) },
        {
          number: '（下書き）',
          issuedOn: japanDay(new Date()),
          dueDate: null,
          paymentTerms: null,
          dueDateBroughtForward: false,
          corrects: await correctedNumber(db, doc),
        },
      );
      return { fileName: '請求書_下書き.pdf', pdf: await renderPdf(invoiceDocument(content), new Date()) };
    },

    /** The draft's lines replaced (tolls with their receipt image); the totals recomputed. */
    async setLines(auth: AuthContext, id: string, body: TInvoiceLinesBody): Promise<TInvoice> {
      return db.transaction(async (tx) => {
        const doc = await documentFor(tx, auth, id, 'CARRIER', true);
        if (doc.status !== 'DRAFT') throw new AppError('INVOICE_NOT_DRAFT');
        // A receipt already on this draft or on the document it replaces is not attached again.
        const known = new Set(
          (await repo.linesOf(tx, [doc.id, ...(doc.correctsDocumentId ? [doc.correctsDocumentId] : [])])).map(
            (l) => l.receiptFileId,
          ),
        );
        const fresh = body.lines.map((l) => l.receiptFileId).filter((f): f is string => !!f && !known.has(f));
        await attachFiles(tx, {
          ownerId: auth.userId,
          fileIds: fresh,
          entityType: 'INVOICE',
          entityId: doc.id,
          kinds: ['IMAGE', 'DOCUMENT'],
        });
        // A job's invoice bills its job; a statement's line names one of its jobs, or none (a line of its own).
        const jobIds = new Set((await repo.jobsOf(tx, [doc.id])).map((j) => j.requestItemId));
        const [only] = jobIds;
        const lines = body.lines.map(({ requestItemId, ...l }) => ({
          ...l,
          receiptFileId: l.receiptFileId ?? null,
          requestItemId:
            doc.kind === 'MONTHLY_STATEMENT'
              ? requestItemId && jobIds.has(requestItemId)
                ? requestItemId
                : null
              : (only ?? null),
        }));
        await repo.replaceLines(tx, doc.id, lines);
        const totals = invoiceTotals(linesForTotals(lines), doc.serviceDay);
        return viewOf(tx, await repo.updateDocument(tx, doc.id, { totals, ...sumOf(totals) }));
      });
    },

    /**
     * Issues a draft (a job's invoice or a monthly statement) and tells the shipper. A job another
     * issued, uncancelled document bills is refused here, and by the database's claim (decision 102).
     */
    async issue(auth: AuthContext, id: string): Promise<TInvoice> {
      return withEvents(deps, async (tx, emit) => {
        const doc = await documentFor(tx, auth, id, 'CARRIER', true);
        if (doc.status !== 'DRAFT') throw new AppError('INVOICE_NOT_DRAFT');
        const jobs = (await repo.jobsOf(tx, [doc.id])).map((j) => j.requestItemId);
        if ((await repo.claimsOf(tx, jobs)).length > 0) throw new AppError('INVOICE_JOB_ALREADY_BILLED');
        const issued = await issueNow(tx, doc, await correctedNumber(tx, doc));
        await emit({
          type: 'INVOICE_ISSUED',
          documentId: issued.id,
          statement: issued.kind === 'MONTHLY_STATEMENT',
          number: issued.number!,
          requestItemId: jobs[0] ?? null,
          shipperId: issued.recipientUserId,
        });
        return viewOf(tx, issued);
      }).catch(claimRefused);
    },

    /** The shippers a carrier may address a monthly statement to: those it completed deliveries for. */
    async statementShippers(auth: AuthContext): Promise<TStatementShipperList> {
      const ids = await repo.shippersOf(db, await carrierScopeOf(db, auth));
      const names = await repo.partyNames(db, ids);
      const data = [];
      for (const shipperId of ids) {
        data.push({
          shipperId,
          name: names.get(shipperId) ?? '',
          paymentTerms: paymentTermsLabel(await paymentTermsOf(db, shipperId)),
        });
      }
      return { data: data.sort((a, b) => a.name.localeCompare(b.name, 'ja')) };
    },

    /**
     * The draft monthly statement (decision 102) from the caller to `shipperId` for the period the
     * shipper's 締め日 closes in `month` (the calendar month under 月末締め): each completed delivery
     * of the period that no issued document bills, with the lines of its own draft when it has one
     * (tolls the carrier added), else the 運送条件書's charges and the waiting charges. A draft of
     * the same period is made again. One transaction.
     */
    async createStatement(auth: AuthContext, body: TStatementBody): Promise<TInvoice> {
      return db.transaction(async (tx) => {
        const scope = await carrierScopeOf(tx, auth);
        if (!(await repo.shippersOf(tx, scope)).includes(body.shipperId)) throw new AppError('INVOICE_SHIPPER_NOT_FOUND');
        const terms = await paymentTermsOf(tx, body.shipperId);
        const period = statementPeriodOfMonth(body.month, terms.closingDay);
        const candidates = await repo.statementJobs(
          tx,
          scope,
          body.shipperId,
          japanMidnight(period.from),
          japanMidnight(addDays(period.to, 1)),
        );
        const lines: repo.NewLine[] = [];
        const billed: { id: string; day: string }[] = [];
        for (const job of candidates) {
          const draft = await repo.jobDraftOf(tx, job.id);
          const own = draft
            ? (await repo.linesOf(tx, [draft.id])).map(({ kind, description, amount, taxCategory, receiptFileId }) => ({
                requestItemId: job.id,
                kind,
                description,
                amount,
                taxCategory,
                receiptFileId,
              }))
            : await jobLines(tx, job.id);
          if (!own || own.length === 0) continue;
          lines.push(...own);
          billed.push({ id: job.id, day: japanDay(job.completedAt!) });
        }
        if (billed.length === 0) throw new AppError('INVOICE_STATEMENT_EMPTY');
        for (const old of await repo.draftStatementsFor(tx, auth.userId, body.shipperId, period.to)) {
          await repo.deleteDocument(tx, old.id);
        }
        const [me, shipper] = [await accounts.findUserById(tx, auth.userId), await accounts.findUserById(tx, body.shipperId)];
        const serviceDay = billed.map((b) => b.day).sort()[0]!;
        const totals = invoiceTotals(linesForTotals(lines), serviceDay);
        const document = await repo.insertDocument(tx, {
          kind: 'MONTHLY_STATEMENT',
          issuerUserId: auth.userId,
          issuerCompanyId: me?.companyId ?? null,
          recipientUserId: body.shipperId,
          recipientCompanyId: shipper?.companyId ?? null,
          serviceDay,
          periodFrom: period.from,
          periodTo: period.to,
          totals,
          ...sumOf(totals),
        });
        await repo.insertJobs(
          tx,
          document.id,
          billed.map((b) => b.id),
        );
        await repo.replaceLines(tx, document.id, lines);
        return viewOf(tx, document);
      });
    },

    /**
     * A correction (decision 099): the 赤伝 cancelling the issued invoice, issued at once, and a new
     * draft with the same lines naming it, for the carrier to fix and issue. The original is kept.
     */
    async correct(auth: AuthContext, id: string): Promise<TInvoiceCorrection> {
      return db.transaction(async (tx) => {
        const original = await documentFor(tx, auth, id, 'CARRIER', true);
        if (original.status !== 'ISSUED' || original.kind === 'CANCELLATION') throw new AppError('INVOICE_NOT_CORRECTABLE');
        if (await repo.cancellationOf(tx, original.id)) throw new AppError('INVOICE_ALREADY_CORRECTED');
        const lines = await repo.linesOf(tx, [original.id]);
        const jobs = await repo.jobsOf(tx, [original.id]);
        const copy = (sign: 1 | -1) =>
          lines.map(({ requestItemId, kind, description, amount, taxCategory, receiptFileId }) => ({
            requestItemId,
            kind,
            description,
            amount: amount === 0 ? 0 : sign * amount,
            taxCategory,
            receiptFileId,
          }));
        const parties = {
          issuerUserId: original.issuerUserId,
          issuerCompanyId: original.issuerCompanyId,
          recipientUserId: original.recipientUserId,
          recipientCompanyId: original.recipientCompanyId,
          serviceDay: original.serviceDay,
          periodFrom: original.periodFrom,
          periodTo: original.periodTo,
          correctsDocumentId: original.id,
        };
        const jobIds = jobs.map((j) => j.requestItemId);
        // The 赤伝's figures are the original's negated, never recomputed (cancellationOf).
        const cancelTotals = cancellationOf(original.totals as InvoiceTotals);
        const cancel = await repo.insertDocument(tx, {
          kind: 'CANCELLATION',
          ...parties,
          totals: cancelTotals,
          ...sumOf(cancelTotals),
        });
        await repo.insertJobs(tx, cancel.id, jobIds);
        await repo.replaceLines(tx, cancel.id, copy(-1));
        const cancellation = await issueNow(tx, cancel, original.number);
        const replacementTotals = original.totals as InvoiceTotals;
        const draft = await repo.insertDocument(tx, {
          kind: original.kind,
          ...parties,
          totals: replacementTotals,
          ...sumOf(replacementTotals),
        });
        await repo.insertJobs(tx, draft.id, jobIds);
        await repo.replaceLines(tx, draft.id, copy(1));
        const [c, r] = await views(tx, [cancellation, draft]);
        return { cancellation: c!, replacement: r! };
      });
    },

    /** The shipper says it paid (date, amount): once. */
    async markPaid(auth: AuthContext, id: string, body: TInvoicePaymentBody): Promise<TInvoice> {
      return db.transaction(async (tx) => {
        const doc = await documentFor(tx, auth, id, 'SHIPPER', true);
        await assertPayable(tx, doc);
        if (doc.paidMarkedAt) throw new AppError('INVOICE_ALREADY_PAID');
        const updated = await repo.updateDocument(tx, doc.id, {
          paidOn: body.paidOn,
          paidAmount: body.amount,
          paidMarkedAt: new Date(),
          paidMarkedBy: auth.userId,
        });
        return viewOf(tx, updated);
      });
    },

    /** The carrier confirms the money arrived: once. */
    async confirmReceipt(auth: AuthContext, id: string): Promise<TInvoice> {
      return db.transaction(async (tx) => {
        const doc = await documentFor(tx, auth, id, 'CARRIER', true);
        await assertPayable(tx, doc);
        if (doc.receiptConfirmedAt) throw new AppError('INVOICE_ALREADY_CONFIRMED');
        const updated = await repo.updateDocument(tx, doc.id, {
          receiptConfirmedAt: new Date(),
          receiptConfirmedBy: auth.userId,
        });
        return viewOf(tx, updated);
      });
    },

    /** The admin deletes a draft, or an issued document once its keeping period is over (never before). */
    async remove(auth: AuthContext, id: string, now = new Date()): Promise<TMessageResponse> {
      return db.transaction(async (tx) => {
        const doc = await documentFor(tx, auth, id, 'ADMIN', true);
        if (doc.status === 'ISSUED' && !(doc.keptThrough && japanDay(now) > doc.keptThrough)) {
          throw new AppError('INVOICE_RETENTION_ACTIVE');
        }
        await repo.deleteDocument(tx, doc.id);
        return { message: SUCCESS_MESSAGES.deleted };
      });
    },

    /**
     * What the parties should be told on `now`'s day: invoices due within REMIND_DAYS_BEFORE days
     * and those overdue, not yet paid or confirmed, not cancelled. For the job queue (another part
     * of the work) to send as notifications and mails; it keeps what it already sent.
     */
    async dueReminders(now: Date): Promise<DueReminder[]> {
      const today = japanDay(now);
      const rows = await repo.openDueBy(db, addDays(today, REMIND_DAYS_BEFORE));
      const cancelled = await repo.cancelledAmong(
        db,
        rows.map((r) => r.id),
      );
      return rows
        .filter((r) => !cancelled.has(r.id))
        .map((r) => ({
          documentId: r.id,
          number: r.number!,
          reminder: r.dueDate! < today ? 'OVERDUE' : 'DUE_SOON',
          dueDate: r.dueDate!,
          total: r.total,
          shipperId: r.recipientUserId,
          carrierId: r.issuerUserId,
        }));
    },
  };
}

/**
 * The daily job (jobs.ts): tells both parties of each invoice falling due within
 * REMIND_DAYS_BEFORE days, or overdue, once of each — a notification and a mail. Returns how
 * many reminders it sent.
 */
export async function tellDueReminders(deps: EventDeps, now = new Date()): Promise<number> {
  const due = await createInvoiceService(deps).dueReminders(now);
  const jobs = new Map(
    (
      await repo.jobsOf(
        deps.db,
        due.map((d) => d.documentId),
      )
    ).map((j) => [j.documentId, j.requestItemId]),
  );
  let told = 0;
  for (const d of due) {
    const requestItemId = jobs.get(d.documentId);
    if (!requestItemId) continue;
    const sent = await withEvents(deps, async (tx, emit) => {
      if (!(await repo.markReminded(tx, d.documentId, d.reminder))) return false;
      const { reminder, number, dueDate, shipperId, carrierId } = d;
      await emit({ type: 'INVOICE_PAYMENT_DUE', reminder, number, dueDate, requestItemId, shipperId, carrierId });
      return true;
    });
    if (sent) told++;
  }
  return told;
}

export interface DueReminder {
  documentId: string;
  number: string;
  reminder: 'DUE_SOON' | 'OVERDUE';
  dueDate: string;
  total: number;
  shipperId: string;
  carrierId: string;
}

/** Only an issued invoice that no 赤伝 cancelled is paid. */
async function assertPayable(tx: Database, doc: repo.DocumentRow): Promise<void> {
  if (doc.status !== 'ISSUED' || doc.kind === 'CANCELLATION' || (await repo.cancellationOf(tx, doc.id))) {
    throw new AppError('INVOICE_NOT_PAYABLE');
  }
}

/** May `reader` see a receipt attached to document `entityId`? Whoever may see the document. */
export async function canReadInvoiceFiles(db: Database, reader: AuthContext, entityId: string): Promise<boolean> {
  const doc = await repo.findDocument(db, entityId);
  return doc !== undefined && (await sideOf(db, reader, doc)) !== null;
}
