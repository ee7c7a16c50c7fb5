/**
 * The subscription's 適格請求書 and 領収書 (issue 46 item 1, decision 098). When the payments module
 * learns that an invoice of the plan was paid (the first charge, a settled open invoice, a renewal's
 * webhook), it records the invoice here inside its own transaction: the issuer setting, the
 * manager's company name and the provider's amount and period are frozen as the documents' content,
 * and the payment mail goes out. The PDFs are rendered from that content on each download, dated on
 * the payment, so the same document is the same bytes; no later change of a profile or of the
 * setting reaches a document once recorded.
 */
import {
  SUBSCRIPTION_DOCUMENT_TEXT,
  Role,
  type TSubscriptionDocumentKind,
  type TSubscriptionDocumentList,
  groupDigits,
} from '@logi/contract';
import { personName } from '../../domain/person-name';
import {
  type SubscriptionDocumentContent,
  japaneseDate,
  subscriptionDocument,
  subscriptionDocumentContent,
  subscriptionDocumentNumber,
} from '../../domain/subscription-documents';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { enqueueMail } from '../../platform/mail/outbox';
import { mailTemplates } from '../../platform/mail/templates';
import type { ProviderInvoice } from '../../platform/payments/payment-provider';
import { renderPdf } from '../../platform/pdf/japanese-pdf';
import * as accounts from '../accounts/accounts.service';
import * as repo from './subscription-documents.repository';

/**
 * Inside the caller's transaction `tx`: records a paid invoice of `userId`'s plan once, and queues
 * the payment mail linking to the documents. True when it was new (the caller then wakes the mail
 * dispatcher after commit); false for an unpaid invoice or one recorded before.
 */
export async function recordPaidInvoice(
  deps: Pick<Deps, 'config'>,
  tx: Database,
  userId: string,
  provider: 'sandbox' | 'stripe',
  invoice: ProviderInvoice,
): Promise<boolean> {
  if (!invoice.paid || !invoice.paidAt) return false;
  // Checked first so that a repeat does not spend a number of the sequence.
  if (await repo.isRecorded(tx, provider, invoice.id)) return false;
  const found = await accounts.findUserWithCompany(tx, userId);
  if (!found) return false;
  const content = subscriptionDocumentContent({
    issuer: deps.config.issuer,
    recipientCompany: found.company?.name ?? personName(found.user, Role.labels.DRIVER_MANAGER),
    amountPaid: invoice.amountPaid,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    paidAt: invoice.paidAt,
  });
  const row = await repo.insertDocument(tx, {
    userId,
    provider,
    providerInvoiceId: invoice.id,
    content,
    paidAt: invoice.paidAt,
  });
  if (!row) return false;
  const period = `${japaneseDate(content.periodStart)}〜${japaneseDate(content.periodEnd)}`;
  await enqueueMail(
    tx,
    found.user.email,
    mailTemplates.paymentReceived(deps.config.appUrl, `${groupDigits(content.totals.total)}円`, period),
  );
  return true;
}

const contentOf = (row: repo.SubscriptionDocumentRow) => row.content as SubscriptionDocumentContent;

export function createSubscriptionDocumentsService({ db }: Pick<Deps, 'db'>) {
  return {
    /** The manager's own paid months, newest first. */
    async list(auth: AuthContext): Promise<TSubscriptionDocumentList> {
      const rows = await repo.listDocuments(db, auth.userId);
      return {
        data: rows.map((row) => {
          const c = contentOf(row);
          return {
            id: row.id,
            number: subscriptionDocumentNumber(row.seq),
            paidAt: c.paidAt,
            periodStart: c.periodStart,
            periodEnd: c.periodEnd,
            total: c.totals.total,
            tax: c.totals.tax,
          };
        }),
      };
    },

    /** One PDF of the manager's own documents; another account's is a 404, as one that does not exist. */
    async download(auth: AuthContext, id: string, kind: TSubscriptionDocumentKind): Promise<{ fileName: string; pdf: Buffer }> {
      const row = await repo.findDocument(db, auth.userId, id);
      if (!row) throw new AppError('SUBSCRIPTION_DOCUMENT_NOT_FOUND');
      const number = subscriptionDocumentNumber(row.seq);
      const pdf = await renderPdf(subscriptionDocument(kind, contentOf(row), number), row.paidAt);
      return { fileName: SUBSCRIPTION_DOCUMENT_TEXT.fileName(kind, number), pdf };
    },
  };
}
