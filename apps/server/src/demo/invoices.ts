/**
 * Demo invoices (issue 46, decision 102): on a fresh `npm start`, the demo's completed deliveries
 * are billed through the invoice service as a carrier and a shipper would: the oldest job's invoice
 * issued and marked paid by the shipper, the next one issued and awaiting payment, and the rest of
 * that shipper's month gathered into one monthly statement issued by the carrier company's manager.
 * It takes what exists: with no completed deliveries it does nothing, with one or two it issues
 * only those invoices. A second run finds nothing left to bill.
 */
import { japanDay } from '@logi/contract';
import { findUserById } from '../modules/accounts/accounts.service';
import { createInvoiceService } from '../modules/invoices/invoices.service';
import * as repo from '../modules/invoices/invoices.repository';
import type { Deps } from '../platform/deps';
import { AppError } from '../platform/errors/app-error';
import type { AuthContext } from '../platform/http/auth-context';

const as = (userId: string, role: AuthContext['role']): AuthContext => ({ userId, role, familyId: 'demo-seed' });

export interface DemoInvoices {
  /** Job invoices issued (the first of them paid). */
  invoices: number;
  statements: number;
}

export async function seedDemoInvoices(deps: Deps): Promise<DemoInvoices> {
  const invoices = createInvoiceService(deps);
  const drafts = await repo.openJobDrafts(deps.db);
  const done: DemoInvoices = { invoices: 0, statements: 0 };
  for (const [i, draft] of drafts.slice(0, 2).entries()) {
    const issued = await invoices.issue(as(draft.issuerUserId, 'DRIVER'), draft.documentId);
    done.invoices++;
    if (i === 0) {
      await invoices.markPaid(as(draft.recipientUserId, 'CUSTOMER'), issued.id, {
        paidOn: japanDay(new Date()),
        amount: issued.total,
      });
    }
  }
  // The rest of the third job's shipper and month, billed by the carrier company's manager.
  const rest = drafts[2];
  if (!rest?.completedAt) return done;
  const carrier = await findUserById(deps.db, rest.issuerUserId);
  const manager = carrier?.parentId ? as(carrier.parentId, 'DRIVER_MANAGER') : as(rest.issuerUserId, 'DRIVER');
  try {
    const statement = await invoices.createStatement(manager, {
      shipperId: rest.recipientUserId,
      month: japanDay(rest.completedAt).slice(0, 7),
    });
    await invoices.issue(manager, statement.id);
    done.statements++;
  } catch (err) {
    // Nothing the manager may bill (another run billed it): leave the drafts as they are.
    if (!(err instanceof AppError)) throw err;
  }
  return done;
}
