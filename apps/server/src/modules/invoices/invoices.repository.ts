/** The invoice documents, their jobs and lines. The only SQL of this module. */
import {
  and,
  asc,
  getTableColumns,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  companies,
  invoiceDocumentJobs,
  invoiceDocuments,
  invoiceJobClaims,
  invoiceLines,
  invoiceReminders,
  requestItems,
  users,
} from '../../db/schema';
import type { Database } from '../../platform/db/database';

export type DocumentRow = Omit<typeof invoiceDocuments.$inferSelect, 'pdf'>;
export type NewDocument = typeof invoiceDocuments.$inferInsert;
export type LineRow = typeof invoiceLines.$inferSelect;
export type NewLine = Omit<typeof invoiceLines.$inferInsert, 'documentId' | 'position'>;

/** Every column but the PDF, which only the download reads. */
const { pdf: _pdf, ...columns } = getTableColumns(invoiceDocuments);

export async function insertDocument(db: Database, values: NewDocument): Promise<DocumentRow> {
  const [row] = await db.insert(invoiceDocuments).values(values).returning(columns);
  return row!;
}

export async function insertJobs(db: Database, documentId: string, requestItemIds: readonly string[]): Promise<void> {
  if (requestItemIds.length === 0) return;
  await db.insert(invoiceDocumentJobs).values(requestItemIds.map((requestItemId) => ({ documentId, requestItemId })));
}

/** The draft's lines replaced by `lines`, in their order. */
export async function replaceLines(db: Database, documentId: string, lines: readonly NewLine[]): Promise<void> {
  await db.delete(invoiceLines).where(eq(invoiceLines.documentId, documentId));
  if (lines.length === 0) return;
  await db.insert(invoiceLines).values(lines.map((l, position) => ({ ...l, documentId, position })));
}

export async function updateDocument(db: Database, id: string, values: Partial<NewDocument>): Promise<DocumentRow> {
  const [row] = await db.update(invoiceDocuments).set(values).where(eq(invoiceDocuments.id, id)).returning(columns);
  return row!;
}

export async function findDocument(db: Database, id: string, lock = false): Promise<DocumentRow | undefined> {
  const query = db.select(columns).from(invoiceDocuments).where(eq(invoiceDocuments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findPdf(db: Database, id: string): Promise<Buffer | null> {
  const [row] = await db.select({ pdf: invoiceDocuments.pdf }).from(invoiceDocuments).where(eq(invoiceDocuments.id, id));
  return row?.pdf ?? null;
}

export async function linesOf(db: Database, documentIds: readonly string[]): Promise<LineRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.documentId, [...documentIds]))
    .orderBy(asc(invoiceLines.documentId), asc(invoiceLines.position));
}

export async function jobsOf(db: Database, documentIds: readonly string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(invoiceDocumentJobs)
    .where(inArray(invoiceDocumentJobs.documentId, [...documentIds]));
}

/** The documents billing a job, oldest first. */
export async function documentsOfJob(db: Database, requestItemId: string): Promise<DocumentRow[]> {
  return db
    .select(columns)
    .from(invoiceDocuments)
    .innerJoin(invoiceDocumentJobs, eq(invoiceDocumentJobs.documentId, invoiceDocuments.id))
    .where(eq(invoiceDocumentJobs.requestItemId, requestItemId))
    .orderBy(asc(invoiceDocuments.createdAt));
}

/** The 赤伝 issued against a document, if any. */
export async function cancellationOf(db: Database, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.correctsDocumentId, id), eq(invoiceDocuments.kind, 'CANCELLATION')));
  return row;
}

/** The numbers of the documents `ids` (the documents that corrections name), in one statement. */
export async function numbersOf(db: Database, ids: readonly string[]): Promise<Map<string, DocumentRow['number']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: invoiceDocuments.id, number: invoiceDocuments.number })
    .from(invoiceDocuments)
    .where(inArray(invoiceDocuments.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** The ids among `ids` that a 赤伝 cancels. */
export async function cancelledAmong(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: invoiceDocuments.correctsDocumentId })
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.kind, 'CANCELLATION'), inArray(invoiceDocuments.correctsDocumentId, [...ids])));
  return new Set(rows.map((r) => r.id!));
}

/** Issued documents of a number prefix: the next number's count. */
export async function issuedCountOfJob(db: Database, requestItemId: string): Promise<number> {
  const rows = await db
    .select({ id: invoiceDocuments.id })
    .from(invoiceDocuments)
    .innerJoin(invoiceDocumentJobs, eq(invoiceDocumentJobs.documentId, invoiceDocuments.id))
    .where(and(eq(invoiceDocumentJobs.requestItemId, requestItemId), isNotNull(invoiceDocuments.number)));
  return rows.length;
}

export async function deleteDocument(db: Database, id: string): Promise<void> {
  await db.delete(invoiceDocuments).where(eq(invoiceDocuments.id, id));
}

/** Whose documents a list holds: a carrier's (its own, or its company's for a manager), a shipper's issued ones, or all. */
export type ListParty = { carrierUserId: string; companyId: string | null } | { recipientUserId: string } | { all: true };

export interface ListRange {
  dayFrom?: string;
  dayTo?: string;
  amountFrom?: number;
  amountTo?: number;
  /** Part of the other party's name, already folded (the contract's foldName). */
  counterparty?: string;
  kind?: DocumentRow['kind'];
}

/**
 * A party's name as the list shows it: the one printed on the issued document, else (a draft)
 * its company's, else the account holder's (as partyNames), folded as foldName folds the keyword.
 */
function foldedNameOf(side: 'issuer' | 'recipient'): SQL {
  const d = invoiceDocuments;
  const userId = side === 'issuer' ? d.issuerUserId : d.recipientUserId;
  const person = sql`nullif(concat_ws(' ', nullif(${users.lastName}, ''), nullif(${users.firstName}, '')), '')`;
  const current = sql`(select coalesce(${companies.name}, ${person}, ${users.name}) from ${users} left join ${companies} on ${companies.id} = ${users.companyId} where ${users.id} = ${userId})`;
  const name = sql`coalesce(${d.content} -> ${side} ->> 'company', ${current}, '')`;
  return sql`regexp_replace(lower(normalize(${name}, NFKC)), '\\s', '', 'g')`;
}

/** The counterparty condition: a shipper deals with the issuer, a carrier with the recipient, the admin with either. */
function counterpartyMatch(party: ListParty, folded: string): SQL | undefined {
  if (!folded) return undefined;
  const on = (side: 'issuer' | 'recipient') => sql`strpos(${foldedNameOf(side)}, ${folded}) > 0`;
  if ('recipientUserId' in party) return on('issuer');
  if ('carrierUserId' in party) return on('recipient');
  return or(on('issuer'), on('recipient'));
}

export async function listDocuments(db: Database, party: ListParty, range: ListRange, limit = 500): Promise<DocumentRow[]> {
  const d = invoiceDocuments;
  let who: SQL | undefined;
  if ('carrierUserId' in party) {
    who = party.companyId
      ? or(eq(d.issuerUserId, party.carrierUserId), eq(d.issuerCompanyId, party.companyId))
      : eq(d.issuerUserId, party.carrierUserId);
  } else if ('recipientUserId' in party) {
    who = and(eq(d.recipientUserId, party.recipientUserId), eq(d.status, 'ISSUED'));
  }
  // A draft has no date yet: it is found by its service day.
  return db
    .select(columns)
    .from(d)
    .where(
      and(
        who,
        range.dayFrom === undefined ? undefined : gte(d.issuedOn, range.dayFrom),
        range.dayTo === undefined ? undefined : lte(d.issuedOn, range.dayTo),
        range.amountFrom === undefined ? undefined : gte(d.total, range.amountFrom),
        range.amountTo === undefined ? undefined : lte(d.total, range.amountTo),
        range.counterparty === undefined ? undefined : counterpartyMatch(party, range.counterparty),
        range.kind === undefined ? undefined : eq(d.kind, range.kind),
      ),
    )
    .orderBy(desc(d.createdAt))
    .limit(limit);
}

/** Company names (and for want of one, the account's) of the parties of `rows`. */
export async function partyNames(db: Database, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, company: companies.name, name: users.name, lastName: users.lastName, firstName: users.firstName })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r.company ?? ([r.lastName, r.firstName].filter(Boolean).join(' ') || r.name)] as const));
}

/** Issued invoices not yet confirmed received, due on or before `lastDay` (reminders). */
export async function openDueBy(db: Database, lastDay: string): Promise<DocumentRow[]> {
  const d = invoiceDocuments;
  return db
    .select(columns)
    .from(d)
    .where(
      and(
        eq(d.status, 'ISSUED'),
        ne(d.kind, 'CANCELLATION'),
        isNull(d.receiptConfirmedAt),
        isNull(d.paidMarkedAt),
        lte(d.dueDate, lastDay),
      ),
    )
    .orderBy(asc(d.dueDate));
}

/** Records that `documentId` had its `reminder`; false when it already had (another run told it). */
export async function markReminded(db: Database, documentId: string, reminder: 'DUE_SOON' | 'OVERDUE'): Promise<boolean> {
  const rows = await db.insert(invoiceReminders).values({ documentId, reminder }).onConflictDoNothing().returning();
  return rows.length > 0;
}

// ---- The monthly statement (decision 102) ----

/** Whose completed jobs a carrier bills: its own, and for a manager its company's drivers'. */
export interface CarrierScope {
  userId: string;
  companyId: string | null;
}

function takenBy(scope: CarrierScope): SQL {
  const r = requestItems;
  if (!scope.companyId) return eq(r.receiverId, scope.userId);
  const drivers = sql`${r.receiverId} in (select ${users.id} from ${users} where ${users.companyId} = ${scope.companyId})`;
  return or(eq(r.receiverId, scope.userId), drivers)!;
}

const completedDelivery = () =>
  and(
    eq(requestItems.type, 'DELIVERY'),
    eq(requestItems.status, 'COMPLETED'),
    isNull(requestItems.deletedAt),
    isNotNull(requestItems.completedAt),
  );

/** The shippers the carrier completed deliveries for. */
export async function shippersOf(db: Database, scope: CarrierScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: requestItems.creatorId })
    .from(requestItems)
    .where(and(completedDelivery(), takenBy(scope)));
  return rows.map((r) => r.id);
}

/**
 * The carrier's completed deliveries for `shipperId` completed within [from, to) (instants: the
 * period's Japan-time days), that no issued document bills now (no claim), oldest first.
 */
export async function statementJobs(db: Database, scope: CarrierScope, shipperId: string, from: Date, to: Date) {
  return db
    .select({ id: requestItems.id, completedAt: requestItems.completedAt, receiverId: requestItems.receiverId })
    .from(requestItems)
    .leftJoin(invoiceJobClaims, eq(invoiceJobClaims.requestItemId, requestItems.id))
    .where(
      and(
        completedDelivery(),
        takenBy(scope),
        eq(requestItems.creatorId, shipperId),
        gte(requestItems.completedAt, from),
        lt(requestItems.completedAt, to),
        isNull(invoiceJobClaims.requestItemId),
      ),
    )
    .orderBy(asc(requestItems.completedAt), asc(requestItems.id));
}

/** When each job was completed (the service day of a statement's rows). */
export async function completedAtOf(db: Database, requestItemIds: readonly string[]): Promise<Map<string, Date | null>> {
  if (requestItemIds.length === 0) return new Map();
  const rows = await db
    .select({ id: requestItems.id, completedAt: requestItems.completedAt })
    .from(requestItems)
    .where(inArray(requestItems.id, [...requestItemIds]));
  return new Map(rows.map((r) => [r.id, r.completedAt]));
}

/** The jobs among `requestItemIds` an issued, uncancelled document already bills (with that document). */
export async function claimsOf(db: Database, requestItemIds: readonly string[]) {
  if (requestItemIds.length === 0) return [];
  return db
    .select()
    .from(invoiceJobClaims)
    .where(inArray(invoiceJobClaims.requestItemId, [...requestItemIds]));
}

/** The job's newest per-job draft (the carrier may have added tolls to it). */
export async function jobDraftOf(db: Database, requestItemId: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(invoiceDocuments)
    .innerJoin(invoiceDocumentJobs, eq(invoiceDocumentJobs.documentId, invoiceDocuments.id))
    .where(
      and(
        eq(invoiceDocumentJobs.requestItemId, requestItemId),
        eq(invoiceDocuments.kind, 'INVOICE'),
        eq(invoiceDocuments.status, 'DRAFT'),
      ),
    )
    .orderBy(desc(invoiceDocuments.createdAt))
    .limit(1);
  return row;
}

/** The carrier's draft statement to `recipientUserId` for the period closing on `periodTo`. */
export async function draftStatementsFor(db: Database, issuerUserId: string, recipientUserId: string, periodTo: string) {
  return db
    .select(columns)
    .from(invoiceDocuments)
    .where(
      and(
        eq(invoiceDocuments.kind, 'MONTHLY_STATEMENT'),
        eq(invoiceDocuments.status, 'DRAFT'),
        isNull(invoiceDocuments.correctsDocumentId),
        eq(invoiceDocuments.issuerUserId, issuerUserId),
        eq(invoiceDocuments.recipientUserId, recipientUserId),
        eq(invoiceDocuments.periodTo, periodTo),
      ),
    );
}

/**
 * The per-job drafts of completed deliveries that no issued document bills, oldest completion
 * first, with the job's parties and completion (the demo data issues some of them).
 */
export async function openJobDrafts(db: Database) {
  const d = invoiceDocuments;
  return db
    .select({
      documentId: d.id,
      requestItemId: requestItems.id,
      issuerUserId: d.issuerUserId,
      recipientUserId: d.recipientUserId,
      completedAt: requestItems.completedAt,
    })
    .from(d)
    .innerJoin(invoiceDocumentJobs, eq(invoiceDocumentJobs.documentId, d.id))
    .innerJoin(requestItems, eq(requestItems.id, invoiceDocumentJobs.requestItemId))
    .leftJoin(invoiceJobClaims, eq(invoiceJobClaims.requestItemId, requestItems.id))
    .where(
      and(
        eq(d.kind, 'INVOICE'),
        eq(d.status, 'DRAFT'),
        isNull(d.correctsDocumentId),
        completedDelivery(),
        isNull(invoiceJobClaims.requestItemId),
      ),
    )
    .orderBy(asc(requestItems.completedAt), asc(requestItems.id));
}
