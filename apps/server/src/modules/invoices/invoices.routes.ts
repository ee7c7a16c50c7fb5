/** The carrier's invoices to the shipper (HTTP only; issue 46, decision 099). */
import { invoiceRoutes as r } from '@logi/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { registerFileReadCheck } from '../files/files.service';
import { canReadInvoiceFiles, createInvoiceService } from './invoices.service';

export function registerInvoiceRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const invoices = createInvoiceService(deps);
  // A toll's receipt image: whoever may see its invoice (and the admin, as for every file).
  registerFileReadCheck('INVOICE', canReadInvoiceFiles);
  // Reminders before the due date and when overdue go out on the job queue: invoices.dueReminders(now).

  addRoute(app, opts, r.listInvoices, ({ auth, query }) => invoices.list(auth, query));
  addRoute(app, opts, r.jobInvoices, ({ auth, params }) => invoices.ofJob(auth, params.requestItemId));
  addRoute(app, opts, r.invoice, ({ auth, params }) => invoices.get(auth, params.invoiceId));
  addRoute(app, opts, r.invoicePdf, async ({ auth, params, reply }) => {
    const { fileName, pdf } = await invoices.pdf(auth, params.invoiceId);
    reply.type('application/pdf').header('content-disposition', contentDisposition(fileName, { type: 'attachment' }));
    return pdf as never;
  });
  addRoute(app, opts, r.setInvoiceLines, ({ auth, params, body }) => invoices.setLines(auth, params.invoiceId, body));
  addRoute(app, opts, r.statementShippers, ({ auth }) => invoices.statementShippers(auth));
  addRoute(app, opts, r.createStatement, ({ auth, body }) => invoices.createStatement(auth, body));
  addRoute(app, opts, r.issueInvoice, ({ auth, params }) => invoices.issue(auth, params.invoiceId));
  addRoute(app, opts, r.correctInvoice, ({ auth, params }) => invoices.correct(auth, params.invoiceId));
  addRoute(app, opts, r.markInvoicePaid, ({ auth, params, body }) => invoices.markPaid(auth, params.invoiceId, body));
  addRoute(app, opts, r.confirmInvoiceReceipt, ({ auth, params }) => invoices.confirmReceipt(auth, params.invoiceId));
  addRoute(app, opts, r.deleteInvoice, ({ auth, params }) => invoices.remove(auth, params.invoiceId));
}
