/**
 * 運送条件書 (decisions 067, 084): version 1 issued in the approval's transaction, a new version in
 * the transaction where the carrier company names or changes the driver — each from the request
 * as its owner sees it, the approved bid and the carrier's profile, rendered to a PDF once and
 * kept as issued. Every version stays downloadable by the parties (customer, contracting carrier,
 * the driver carrying the job, the carrier company of a driver who took or carries it) and the admin.
 */
import { Role } from '@logi/contract';
import { personName } from '../../domain/person-name';
import { actorOf, carrierOf } from '../../domain/request-lifecycle';
import { conditionsDocument } from '../../domain/transport-conditions-document';
import {
  type ApprovedBid,
  type CarrierParty,
  type IssueReason,
  type TransportConditionsContent,
  formatAddress,
  transportConditionsOf,
} from '../../domain/transport-conditions';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { renderPdf } from '../../platform/pdf/japanese-pdf';
import * as accounts from '../accounts/accounts.service';
import { type RequestItemRow, getRequestItemRow, requestItemDetail } from '../request-items/request-items.access.service';
import * as repo from './transport-conditions.repository';

export interface ApprovedCandidate extends ApprovedBid {
  id: string;
}

type IssueDeps = Pick<Deps, 'storage' | 'config'>;

/** A carrier account as the document names it: its company's profile, else the person. */
async function profileOf(tx: Database, userId: string) {
  const row = await accounts.findUserWithCompany(tx, userId);
  if (!row) throw new AppError('REQUEST_ITEM_NOT_FOUND');
  const fallback = row.company?.name ?? Role.labels[row.user.parentId ? 'DRIVER' : 'DRIVER_MANAGER'];
  const name = personName(row.user, fallback);
  return { ...row, name, companyName: row.company?.name ?? name };
}

async function partiesOf(tx: Database, item: RequestItemRow) {
  // One after the other: a transaction is one connection, which runs one query at a time.
  const contractor = await profileOf(tx, item.receiverId!);
  const carrier = await profileOf(tx, carrierOf(item)!);
  const party: CarrierParty = {
    company: contractor.companyName,
    name: contractor.name,
    address: contractor.location ? formatAddress(contractor.location) : '',
    phone: contractor.user.phone ?? '',
    generalLicenseNo: contractor.company?.generalFreightLicenseNumber ?? null,
    lightLicenseNo: contractor.company?.lightFreightLicenseNumber ?? null,
    invoiceNo: contractor.company?.invoiceRegistrationNo ?? null,
  };
  return { carrier: party, actualCarrier: { company: carrier.companyName, driver: carrier.name } };
}

/** One new version, after the newest one (if any), inside the caller's transaction `tx`. */
async function issue(deps: IssueDeps, tx: Database, requestItemId: string, reason: IssueReason, bid?: ApprovedCandidate) {
  const row = await getRequestItemRow(tx, requestItemId);
  const approved = bid ?? (await repo.findApprovedBid(tx, requestItemId));
  if (!approved || !row.receiverId) throw new AppError('TRANSPORT_CONDITIONS_NOT_FOUND');
  const item = await requestItemDetail({ ...deps, db: tx }, requestItemId, { userId: row.creatorId, role: 'CUSTOMER' });
  const parties = await partiesOf(tx, row);
  const previous = await repo.findLatestVersion(tx, requestItemId);
  const issuedAt = new Date();
  const version = (previous?.version ?? 0) + 1;
  const content = transportConditionsOf(item, approved, parties, {
    version,
    supersedes: previous?.number ?? null,
    reason,
    issuedAt,
  });
  await repo.insertDocument(tx, {
    number: content.number,
    requestItemId,
    version,
    reason,
    supersedesId: previous?.id ?? null,
    candidateId: approved.id,
    content,
    pdf: await renderPdf(conditionsDocument(content), issuedAt),
    issuedAt,
  });
}

/** Inside the approval's transaction (`tx`): the delivery is approved, `candidate` is the chosen bid. */
export async function issueTransportConditions(
  deps: IssueDeps,
  tx: Database,
  requestItemId: string,
  candidate: ApprovedCandidate,
) {
  await issue(deps, tx, requestItemId, 'APPROVED', candidate);
}

/** Inside the assignment's transaction: the carrier company named (or changed) who carries the job. */
export async function reissueForCarrier(deps: IssueDeps, tx: Database, requestItemId: string) {
  await issue(deps, tx, requestItemId, 'CARRIER_ASSIGNED');
}

/**
 * What the newest version agreed, as issued (the fare and each charge): the job's invoice bills
 * exactly this (decision 099). Undefined before approval.
 */
export async function conditionsInForce(db: Database, requestItemId: string): Promise<TransportConditionsContent | undefined> {
  const document = await repo.findDocument(db, requestItemId);
  return document?.content as TransportConditionsContent | undefined;
}

/** A driver manager reads the documents of jobs its own drivers took or carry. */
async function isCarrierCompanyOf(db: Database, auth: AuthContext, item: RequestItemRow): Promise<boolean> {
  if (auth.role !== 'DRIVER_MANAGER') return false;
  const people = await Promise.all(
    [item.receiverId, carrierOf(item)].map((id) => (id ? accounts.findUserById(db, id) : undefined)),
  );
  return people.some((p) => p?.parentId === auth.userId);
}

export function createTransportConditionsService({ db }: Pick<Deps, 'db'>) {
  return {
    /** A version's PDF (the newest by default) for its parties and the admin; 404 for anyone else and before approval. */
    async download(auth: AuthContext, requestItemId: string, version?: number): Promise<{ fileName: string; pdf: Buffer }> {
      const item = await getRequestItemRow(db, requestItemId);
      if (actorOf(item, auth) === 'OTHER' && !(await isCarrierCompanyOf(db, auth, item))) {
        throw new AppError('REQUEST_ITEM_NOT_FOUND');
      }
      const document = await repo.findDocument(db, item.id, version);
      if (!document) throw new AppError('TRANSPORT_CONDITIONS_NOT_FOUND');
      return { fileName: `運送条件書_${document.number}.pdf`, pdf: document.pdf };
    },
  };
}
