/**
 * /shipping-requests/applied-items/detail/{id}/invoice (the carrier) and
 * /shipping-requests/my-items/detail/{id}/invoice (the shipper): a completed job's invoices
 * (issue 46, decision 099). The carrier reviews the draft made on completion, adds a toll with
 * its receipt image or removes a line, issues it, corrects an issued one (赤伝 and a new draft)
 * and confirms the payment arrived; the shipper downloads the PDF and marks it paid. Every
 * document stays listed, as issued.
 */
import {
  INVOICE_TEXT,
  InvoiceDocumentKind,
  InvoiceLineKind,
  InvoicePaymentStatus,
  TAX_CATEGORY_LABELS,
  type TInvoice,
  type TInvoiceLineInput,
  type TInvoiceSummary,
  ZInvoiceLineInput,
  ZInvoicePaymentBody,
  invoiceRoutes,
  japanDay,
} from '@logi/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Download, FileCheck2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { DetailSection, FactList } from '../../components/request-item';
import { Form, FormDatePicker, FormInput, FormInputFile, useFormBusy, useZodForm } from '../../components/form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { saveFile } from '../../lib/download';
import { formatDate, formatYen } from '../../lib/format';
import { toast } from '../../lib/toast';
import { INVOICES_TEXT as T } from '../../texts/invoices';
import { STATUS_BADGE } from './status-badge';

const INVOICES_KEY = ['invoices'] as const;
const jobInvoicesQuery = (requestItemId: string) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, 'job', requestItemId],
    queryFn: ({ signal }) => api.call(invoiceRoutes.jobInvoices, { params: { requestItemId } }, { signal }),
  });
const invoiceQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: [...INVOICES_KEY, invoiceId],
    queryFn: ({ signal }) => api.call(invoiceRoutes.invoice, { params: { invoiceId } }, { signal }),
  });

const asInput = (l: TInvoice['lines'][number]): TInvoiceLineInput => ({
  kind: l.kind,
  description: l.description,
  amount: l.amount,
  taxCategory: l.taxCategory,
  receiptFileId: l.receiptFileId,
  requestItemId: l.requestItemId,
});

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
}

function title(d: TInvoiceSummary): string {
  if (d.kind === 'CANCELLATION') return INVOICE_TEXT.cancellation;
  if (d.status === 'ISSUED' && d.qualified)
    return d.kind === 'MONTHLY_STATEMENT'
      ? `${INVOICE_TEXT.qualifiedInvoice}${INVOICE_TEXT.monthlySuffix}`
      : INVOICE_TEXT.qualifiedInvoice;
  return InvoiceDocumentKind.labels[d.kind];
}

/** A monthly statement's jobs: the completion day, 依頼番号 and name, route, amounts excluding tax per rate. */
function StatementJobs({ invoice }: { invoice: TInvoice }) {
  const C = T.statement.jobColumns;
  return (
    <div className="overflow-x-auto rounded-md border" role="region" aria-label={T.statement.jobs} tabIndex={0}>
      <table className="w-full min-w-[36rem] text-sm" data-testid="statement-jobs">
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {C.day}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {C.reference}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {C.route}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {C.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.jobs.map((j) => (
            <tr key={j.requestItemId} className="border-t">
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(j.serviceDay)}</td>
              <td className="px-3 py-2">
                <span className="font-medium">{j.reference}</span> {j.baggageName}
              </td>
              <td className="px-3 py-2">{j.route}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                {j.byRate.map((r) => (
                  <div key={r.rate}>
                    {r.rate} {formatYen(r.excludingTax)}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SubmitButton({ children }: { children: string }) {
  const busy = useFormBusy();
  return (
    <Button type="submit" loading={busy} className="w-full sm:w-auto">
      {children}
    </Button>
  );
}

const tollSchema = () => ZInvoiceLineInput.unwrap().pick({ description: true, amount: true, receiptFileId: true });

/** A toll line with its receipt image, added to the draft's lines. */
function TollForm({ invoice }: { invoice: TInvoice }) {
  const invalidate = useInvalidate();
  const [schema] = useState(tollSchema);
  const empty = { description: '', amount: undefined as unknown as number, receiptFileId: null };
  const form = useZodForm(schema, { defaultValues: empty });
  const save = useMutation({
    mutationFn: (toll: z.output<ReturnType<typeof tollSchema>>) =>
      api.call(invoiceRoutes.setInvoiceLines, {
        params: { invoiceId: invoice.id },
        body: { lines: [...invoice.lines.map(asInput), { ...toll, kind: 'TOLL', taxCategory: 'STANDARD' }] },
      }),
    onSuccess: () => {
      toast.success(T.linesSaved);
      form.reset(empty);
    },
    onSettled: invalidate,
  });
  return (
    <Form form={form} onSubmit={(toll) => save.mutateAsync(toll).catch(() => undefined)} aria-label={T.toll.heading}>
      <h3 className="col-span-12 text-sm font-bold">{T.toll.heading}</h3>
      <FormInput name="description" label={T.toll.description} placeholder={T.toll.descriptionPlaceholder} span={6} />
      <FormInput name="amount" label={T.toll.amount} type="number" inputMode="numeric" suffix="円" span={6} />
      <FormInputFile name="receiptFileId" label={T.toll.receipt} kinds={['IMAGE']} filePath="invoices" span={12} />
      <div className="col-span-12 flex justify-end">
        <SubmitButton>{T.toll.add}</SubmitButton>
      </div>
    </Form>
  );
}

/** The shipper's 支払済み: the day (today unless changed) and the amount (the total unless changed). */
function PaymentForm({ invoice }: { invoice: TInvoice }) {
  const invalidate = useInvalidate();
  const [schema] = useState(() => ZInvoicePaymentBody);
  const form = useZodForm(schema, { defaultValues: { paidOn: japanDay(new Date()), amount: invoice.total } });
  const pay = useMutation({
    mutationFn: (body: z.output<typeof ZInvoicePaymentBody>) =>
      api.call(invoiceRoutes.markInvoicePaid, { params: { invoiceId: invoice.id }, body }),
    onSuccess: () => toast.success(T.paid),
    onSettled: invalidate,
  });
  return (
    <Form form={form} onSubmit={(body) => pay.mutateAsync(body).catch(() => undefined)} aria-label={T.markPaid}>
      <FormDatePicker name="paidOn" label={T.paidOn} span={6} />
      <FormInput name="amount" label={T.paidAmount} type="number" inputMode="numeric" suffix="円" span={6} />
      <div className="col-span-12 flex justify-end">
        <SubmitButton>{T.markPaid}</SubmitButton>
      </div>
    </Form>
  );
}

/** An action behind a question (issue, correct): the dialog stays while the call runs. */
function ConfirmedAction(props: {
  label: string;
  question: string;
  done: string;
  run: () => Promise<unknown>;
  variant?: 'default' | 'outline';
}) {
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const action = useMutation({
    mutationFn: props.run,
    onSuccess: () => toast.success(props.done),
    onSettled: async () => {
      setOpen(false);
      await invalidate();
    },
  });
  return (
    <>
      <Button variant={props.variant ?? 'default'} onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        close={() => setOpen(false)}
        title={props.label}
        description={props.question}
        confirmLabel={props.label}
        pending={action.isPending}
        onConfirm={() => action.mutate()}
      />
    </>
  );
}

function Lines({ invoice, editable }: { invoice: TInvoice; editable: boolean }) {
  const invalidate = useInvalidate();
  const remove = useMutation({
    mutationFn: (index: number) =>
      api.call(invoiceRoutes.setInvoiceLines, {
        params: { invoiceId: invoice.id },
        body: { lines: invoice.lines.filter((_, i) => i !== index).map(asInput) },
      }),
    onSuccess: () => toast.success(T.linesSaved),
    onSettled: invalidate,
  });
  return (
    <div className="overflow-x-auto rounded-md border" role="region" aria-label={T.lines} tabIndex={0}>
      <table className="w-full min-w-[32rem] text-sm" data-testid="invoice-lines">
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {T.columns.kind}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {T.columns.description}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {T.columns.amount}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {T.columns.rate}
            </th>
            {editable && (
              <th scope="col" className="sr-only">
                {T.removeLine('')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={l.id} className="border-t">
              <td className="px-3 py-2 whitespace-nowrap">{InvoiceLineKind.labels[l.kind]}</td>
              <td className="px-3 py-2">
                {l.description}
                {l.receiptFileId && (
                  <Badge variant="outline" className="ml-2">
                    {T.receipt}
                  </Badge>
                )}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap">{formatYen(l.amount)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{TAX_CATEGORY_LABELS[l.taxCategory]}</td>
              {editable && (
                <td className="px-1 py-1 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={T.removeLine(l.description)}
                    disabled={invoice.lines.length === 1}
                    loading={remove.isPending && remove.variables === i}
                    onClick={() => remove.mutate(i)}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function InvoiceCard({ summary, isCarrier }: { summary: TInvoiceSummary; isCarrier: boolean }) {
  const detail = useQuery(invoiceQuery(summary.id));
  const download = useMutation({
    mutationFn: () => api.download(invoiceRoutes.invoicePdf, { params: { invoiceId: summary.id } }),
    onSuccess: (pdf) => saveFile(T.fileName(summary.number), pdf),
  });
  const invalidate = useInvalidate();
  const confirm = useMutation({
    mutationFn: () => api.call(invoiceRoutes.confirmInvoiceReceipt, { params: { invoiceId: summary.id } }),
    onSuccess: () => toast.success(T.receiptConfirmed),
    onSettled: invalidate,
  });
  const invoice = detail.data;
  const isDraft = summary.status === 'DRAFT';
  const payable = summary.kind !== 'CANCELLATION' && summary.status === 'ISSUED' && summary.paymentStatus !== 'CANCELLED';
  const heading = `${title(summary)}\u3000${summary.number ? T.number(summary.number) : T.draft}`;
  return (
    <DetailSection title={heading}>
      <div className="flex flex-wrap items-center gap-2" data-testid="invoice-status">
        {isDraft && <Badge variant="muted">{T.draft}</Badge>}
        {summary.paymentStatus && (
          <Badge variant={STATUS_BADGE[summary.paymentStatus]}>{InvoicePaymentStatus.labels[summary.paymentStatus]}</Badge>
        )}
      </div>
      <FactList
        facts={[
          summary.periodFrom && summary.periodTo
            ? [T.statement.period, `${formatDate(summary.periodFrom)}〜${formatDate(summary.periodTo)}`]
            : [T.serviceDay, formatDate(summary.serviceDay)],
          [T.issuedOn, summary.issuedOn && formatDate(summary.issuedOn)],
          [T.dueDate, summary.dueDate && formatDate(summary.dueDate)],
          [T.registration, summary.status === 'ISSUED' ? (summary.registrationNumber ?? T.notQualified) : null],
          [T.corrects, summary.correctsNumber && T.number(summary.correctsNumber)],
          [T.total, <strong key="total">{formatYen(summary.total)}</strong>],
          [T.paidOn, summary.paidOn && `${formatDate(summary.paidOn)}（${formatYen(summary.paidAmount ?? 0)}）`],
          [T.confirmedAt, summary.receiptConfirmedAt && formatDate(summary.receiptConfirmedAt)],
        ]}
      />
      {!invoice ? (
        <SkeletonRows rows={2} />
      ) : (
        <>
          {summary.periodFrom && invoice.jobs.length > 0 && <StatementJobs invoice={invoice} />}
          <Lines invoice={invoice} editable={isCarrier && isDraft} />
          <dl className="ml-auto grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm" data-testid="invoice-totals">
            {invoice.byRate.map((r) => (
              <div key={r.rate} className="contents">
                <dt className="text-muted-foreground">{INVOICE_TEXT.excludingTax(r.rate)}</dt>
                <dd className="text-right">{formatYen(r.excludingTax)}</dd>
                <dt className="text-muted-foreground">{INVOICE_TEXT.consumptionTax(r.rate)}</dt>
                <dd className="text-right">{formatYen(r.tax)}</dd>
              </div>
            ))}
            <dt className="font-bold">{T.total}</dt>
            <dd className="text-right font-bold">{formatYen(invoice.total)}</dd>
          </dl>
          {isCarrier && isDraft && <TollForm invoice={invoice} />}
          {!isCarrier && payable && summary.paymentStatus !== 'PAID' && summary.paymentStatus !== 'CONFIRMED' && (
            <PaymentForm invoice={invoice} />
          )}
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" loading={download.isPending} onClick={() => download.mutate()}>
          <Download aria-hidden className="size-4" />
          {T.download}
        </Button>
        {isCarrier && isDraft && (
          <ConfirmedAction
            label={T.issue}
            question={T.issueConfirm}
            done={T.issued}
            run={() => api.call(invoiceRoutes.issueInvoice, { params: { invoiceId: summary.id } })}
          />
        )}
        {isCarrier && payable && !summary.receiptConfirmedAt && (
          <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
            <CheckCircle2 aria-hidden className="size-4" />
            {T.confirmReceipt}
          </Button>
        )}
        {isCarrier && payable && summary.paymentStatus !== 'CONFIRMED' && (
          <ConfirmedAction
            variant="outline"
            label={T.correct}
            question={T.correctConfirm}
            done={T.corrected}
            run={() => api.call(invoiceRoutes.correctInvoice, { params: { invoiceId: summary.id } })}
          />
        )}
      </div>
    </DetailSection>
  );
}

export function InvoicePage() {
  const { id = '' } = useParams();
  const role = useAuth((s) => s.role);
  const isCarrier = role !== 'CUSTOMER';
  const invoices = useQuery(jobInvoicesQuery(id));
  const detailPath = isCarrier ? `/shipping-requests/applied-items/detail/${id}` : `/shipping-requests/my-items/detail/${id}`;
  // Newest first: a replacement above the 赤伝 above the original.
  const documents = [...(invoices.data?.data ?? [])].reverse();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
        <Link to={detailPath}>
          <ArrowLeft aria-hidden />
          {T.backToDetail}
        </Link>
      </Button>
      <div className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 text-xl font-bold sm:text-2xl">
          <FileCheck2 aria-hidden className="size-6" />
          {T.title}
        </h1>
        <p className="text-sm text-muted-foreground">{isCarrier ? T.description.carrier : T.description.shipper}</p>
      </div>
      {invoices.isPending ? (
        <SkeletonRows rows={3} />
      ) : documents.length === 0 ? (
        <EmptyState title={T.none} />
      ) : (
        documents.map((d) => <InvoiceCard key={d.id} summary={d} isCarrier={isCarrier} />)
      )}
    </div>
  );
}

/** /my-page/invoices/{invoiceId}: one document (a monthly statement's page), for the carrier side or the shipper. */
export function InvoiceDocumentPage() {
  const { invoiceId = '' } = useParams();
  const role = useAuth((s) => s.role);
  const isCarrier = role !== 'CUSTOMER';
  const invoice = useQuery(invoiceQuery(invoiceId));
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
        <Link to="/my-page/invoices">
          <ArrowLeft aria-hidden />
          {T.statement.backToList}
        </Link>
      </Button>
      <div className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 text-xl font-bold sm:text-2xl">
          <FileCheck2 aria-hidden className="size-6" />
          {invoice.data ? InvoiceDocumentKind.labels[invoice.data.kind] : T.title}
        </h1>
        <p className="text-sm text-muted-foreground">
          {isCarrier ? T.statement.pageDescription.carrier : T.statement.pageDescription.shipper}
        </p>
      </div>
      {invoice.isPending ? (
        <SkeletonRows rows={3} />
      ) : !invoice.data ? (
        <EmptyState title={T.statement.notFound} />
      ) : (
        <InvoiceCard summary={invoice.data} isCarrier={isCarrier} />
      )}
    </div>
  );
}
