/**
 * A verified carrier (issue 48 part 1, decision 104).
 *
 * - A driver manager submits its company's documents (許可番号 or 届出番号, cargo insurance with
 *   its certificate, 登録番号): the row goes to PENDING (申請中), whatever it was. A company of one
 *   (an owner-driver) is a driver manager without drivers. Drivers never submit: they bid for their
 *   company and carry its badge.
 * - The admin answers a PENDING submission only: VERIFIED (確認済) or RETURNED (差戻し, with a reason).
 * - The daily job (jobs.ts) reminds the manager 30 days before the insurance ends and lapses the
 *   verification (LAPSED) the day after, each once per company per kind per expiry.
 * - Every step is in the audit log (target COMPANY), in the step's own transaction; the job's lapse
 *   has no actor (the system).
 * - A company is verified while VERIFIED and its insurance's last day is not past (Japan's day), so
 *   the badge never outlives the insurance even before the job runs.
 */
import {
  type TCarrierVerification,
  type TCarrierVerificationBody,
  type TCarrierVerificationList,
  type TCarrierVerificationListQuery,
  type TCarrierVerificationReviewBody,
  FIELD_MESSAGES,
  INSURANCE_REMINDER_DAYS,
  addDays,
  checkRegistrationNumber,
  japanDay,
  paginationMeta,
  registrationHolderOf,
} from '@logi/contract';
import { personName } from '../../domain/person-name';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { findCompany, findUserById } from '../accounts/accounts.service';
import { recordAdminAction } from '../audit-log/audit-log.service';
import { attachFiles, fileViews } from '../files/files.service';
import { type EventDeps, withEvents } from '../notifications/notifications.service';
import * as repo from './carrier-verification.repository';

const today = (now: Date = new Date()) => japanDay(now);
/** The day a badge is checked against (its insurance's expiry), for a list that reads the badges in its own statement. */
export const badgeDay = today;

/** The badge: 確認済 and the insurance in force on `day`. */
const isVerifiedOn = (row: Pick<repo.VerificationRow, 'status' | 'insuranceExpiresOn'> | undefined, day: string) =>
  row !== undefined && row.status === 'VERIFIED' && row.insuranceExpiresOn >= day;

/** The companies among `companyIds` that carry the badge now (one query). */
export async function verifiedCompanyIds(
  db: Database,
  companyIds: readonly (string | null)[],
  now = new Date(),
): Promise<Set<string>> {
  const ids = companyIds.filter((id): id is string => id !== null);
  return new Set(await repo.verifiedAmong(db, ids, today(now)));
}

/** Whether a company carries the badge now; a carrier without a company never does. */
export async function isCompanyVerified(db: Database, companyId: string | null): Promise<boolean> {
  return companyId !== null && (await verifiedCompanyIds(db, [companyId])).has(companyId);
}

/** The caller's own company (its owner's account, not a driver's): 404 for any other. */
async function assertOwnCompany(db: Database, auth: AuthContext, companyId: string): Promise<void> {
  const user = await findUserById(db, auth.userId);
  if (!user || user.parentId || user.companyId !== companyId) throw new AppError('COMPANY_NOT_FOUND');
}

/** The owner, or the admin for a company that exists: 404 for anyone else. */
async function assertReader(db: Database, auth: AuthContext, companyId: string): Promise<void> {
  if (auth.role !== 'ADMIN') return assertOwnCompany(db, auth, companyId);
  if (!(await findCompany(db, companyId))) throw new AppError('COMPANY_NOT_FOUND');
}

/** What the audit log keeps of a row: its state and the documents' facts, not the file. */
const auditState = (row: repo.VerificationRow | undefined) =>
  row
    ? {
        status: row.status,
        permitKind: row.permitKind,
        permitNumber: row.permitNumber,
        insurer: row.insurer,
        coverageYen: row.coverageYen,
        insuranceExpiresOn: row.insuranceExpiresOn,
        invoiceRegistrationNo: row.invoiceRegistrationNo,
        returnReason: row.returnReason,
      }
    : { status: 'NONE' };

export function createCarrierVerificationService(deps: Deps) {
  const { db } = deps;

  async function view(tx: Database, companyId: string): Promise<TCarrierVerification> {
    const company = await findCompany(tx, companyId);
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    const row = await repo.findVerification(tx, companyId);
    const [certificate] = row ? await fileViews({ ...deps, db: tx }, [row.certificateFileId]) : [];
    if (!row) {
      // Nothing submitted: the profile's numbers fill the form in.
      const general = company.generalFreightLicenseNumber;
      const light = company.lightFreightLicenseNumber;
      return {
        companyId,
        companyName: company.name,
        status: 'NONE',
        isVerified: false,
        permitKind: general ? 'GENERAL_FREIGHT' : light ? 'LIGHT_FREIGHT' : null,
        permitNumber: general ?? light ?? null,
        insurer: null,
        coverageYen: null,
        insuranceExpiresOn: null,
        certificate: null,
        invoiceRegistrationNumber: company.invoiceRegistrationNo,
        submittedAt: null,
        reviewedAt: null,
        returnReason: null,
        lapsedAt: null,
      };
    }
    return {
      companyId,
      companyName: company.name,
      status: row.status,
      isVerified: isVerifiedOn(row, today()),
      permitKind: row.permitKind,
      permitNumber: row.permitNumber,
      insurer: row.insurer,
      coverageYen: row.coverageYen,
      insuranceExpiresOn: row.insuranceExpiresOn,
      certificate: certificate ?? null,
      invoiceRegistrationNumber: row.invoiceRegistrationNo,
      submittedAt: row.submittedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      returnReason: row.returnReason,
      lapsedAt: row.lapsedAt?.toISOString() ?? null,
    };
  }

  return {
    async get(auth: AuthContext, companyId: string): Promise<TCarrierVerification> {
      await assertReader(db, auth, companyId);
      return view(db, companyId);
    },

    async submit(auth: AuthContext, companyId: string, body: TCarrierVerificationBody): Promise<TCarrierVerification> {
      return db.transaction(async (tx) => {
        await assertOwnCompany(tx, auth, companyId);
        const company = (await findCompany(tx, companyId))!;
        // The 登録番号 against the company's name, as the profile checks it (decision 090).
        const check = checkRegistrationNumber(body.invoiceRegistrationNumber, registrationHolderOf(company.name));
        if (!check.accepted) {
          throw new AppError('VALIDATION_FAILED', [
            { path: 'body.invoiceRegistrationNumber', message: check.message ?? FIELD_MESSAGES.invoiceNumber },
          ]);
        }
        const before = await repo.findVerification(tx, companyId, true);
        // The certificate: the caller's own uploaded image or PDF, kept with the company.
        await attachFiles(tx, {
          ownerId: auth.userId,
          fileIds: [body.certificateFileId],
          entityType: 'CARRIER_VERIFICATION',
          entityId: companyId,
          kinds: ['IMAGE', 'DOCUMENT'],
        });
        const row = await repo.saveSubmission(tx, companyId, {
          permitKind: body.permitKind,
          permitNumber: body.permitNumber,
          insurer: body.insurer,
          coverageYen: body.coverageYen,
          insuranceExpiresOn: body.insuranceExpiresOn,
          certificateFileId: body.certificateFileId,
          invoiceRegistrationNo: body.invoiceRegistrationNumber,
          submittedBy: auth.userId,
        });
        await recordAdminAction(tx, {
          actorId: auth.userId,
          action: 'CARRIER_VERIFICATION_SUBMITTED',
          targetType: 'COMPANY',
          targetId: companyId,
          before: auditState(before),
          after: auditState(row),
        });
        return view(tx, companyId);
      });
    },

    async list(query: TCarrierVerificationListQuery): Promise<TCarrierVerificationList> {
      const { rows, total } = await repo.listVerifications(
        db,
        { status: query.status, keyword: query.keyword },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      const day = today();
      return {
        meta: paginationMeta(query.page, query.limit, total),
        data: rows.map(({ verification: v, company, manager }) => ({
          companyId: v.companyId,
          companyName: company.name,
          managerName: personName(manager, company.name),
          managerEmail: manager.email,
          status: v.status,
          isVerified: isVerifiedOn(v, day),
          permitKind: v.permitKind,
          insuranceExpiresOn: v.insuranceExpiresOn,
          submittedAt: v.submittedAt.toISOString(),
          reviewedAt: v.reviewedAt?.toISOString() ?? null,
        })),
      };
    },

    async review(auth: AuthContext, companyId: string, body: TCarrierVerificationReviewBody): Promise<TCarrierVerification> {
      return withEvents(deps, async (tx, emit) => {
        const before = await repo.findVerification(tx, companyId, true);
        if (!before) throw new AppError('CARRIER_VERIFICATION_NOT_FOUND');
        if (before.status !== 'PENDING') throw new AppError('CARRIER_VERIFICATION_NOT_PENDING');
        const verified = body.outcome === 'VERIFIED';
        if (verified && before.insuranceExpiresOn < today()) throw new AppError('CARRIER_VERIFICATION_INSURANCE_EXPIRED');
        const reason = verified ? null : body.reason!;
        const row = await repo.saveReview(tx, companyId, { status: body.outcome, reviewedBy: auth.userId, returnReason: reason });
        await recordAdminAction(tx, {
          actorId: auth.userId,
          action: verified ? 'CARRIER_VERIFIED' : 'CARRIER_VERIFICATION_RETURNED',
          targetType: 'COMPANY',
          targetId: companyId,
          before: auditState(before),
          after: auditState(row),
        });
        await emit({
          type: 'CARRIER_VERIFICATION_NOTICE',
          notice: body.outcome,
          managerId: row.submittedBy,
          reason,
          insuranceExpiresOn: row.insuranceExpiresOn,
        });
        return view(tx, companyId);
      });
    },
  };
}

export type CarrierVerificationService = ReturnType<typeof createCarrierVerificationService>;

/**
 * The daily expiry job (jobs.ts): each verified company whose insurance ends within 30 days is
 * reminded, and each whose insurance ended before today lapses; each once per company per kind per
 * expiry (the notices' key), whichever instance runs it and however often. Answers what it did.
 */
export async function tellInsuranceExpiry(deps: EventDeps, now = new Date()): Promise<{ reminded: number; lapsed: number }> {
  const day = today(now);
  let reminded = 0;
  let lapsed = 0;
  for (const row of await repo.expiringBetween(deps.db, day, addDays(day, INSURANCE_REMINDER_DAYS))) {
    const told = await withEvents(deps, async (tx, emit) => {
      if (!(await repo.markNoticed(tx, row.companyId, 'INSURANCE_EXPIRING', row.insuranceExpiresOn))) return false;
      await emit({
        type: 'CARRIER_VERIFICATION_NOTICE',
        notice: 'INSURANCE_EXPIRING',
        managerId: row.submittedBy,
        reason: null,
        insuranceExpiresOn: row.insuranceExpiresOn,
      });
      return true;
    });
    if (told) reminded++;
  }
  for (const row of await repo.expiredBefore(deps.db, day)) {
    const done = await withEvents(deps, async (tx, emit) => {
      // Only a row still verified with this expiry lapses: a new submission meanwhile stands.
      const after = await repo.lapse(tx, row.companyId, row.insuranceExpiresOn);
      if (!after) return false;
      await recordAdminAction(tx, {
        actorId: null,
        action: 'CARRIER_VERIFICATION_LAPSED',
        targetType: 'COMPANY',
        targetId: row.companyId,
        before: auditState(row),
        after: auditState(after),
      });
      if (await repo.markNoticed(tx, row.companyId, 'LAPSED', row.insuranceExpiresOn)) {
        await emit({
          type: 'CARRIER_VERIFICATION_NOTICE',
          notice: 'LAPSED',
          managerId: row.submittedBy,
          reason: null,
          insuranceExpiresOn: row.insuranceExpiresOn,
        });
      }
      return true;
    });
    if (done) lapsed++;
  }
  return { reminded, lapsed };
}
