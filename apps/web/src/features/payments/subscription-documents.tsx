/**
 * 請求書・領収書 on the credit-card page (issue 46 item 1, decision 098): each paid month of the plan
 * with its 適格請求書 and 領収書 PDFs, as the server recorded them with the payment.
 */
import {
  SUBSCRIPTION_DOCUMENT_TEXT as T,
  subscriptionDocumentRoutes,
  type TSubscriptionDocument,
  type TSubscriptionDocumentKind,
  UI_TEXT,
} from '@logi/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Notice } from '../../components/ui/page-panel';
import { Button } from '../../components/ui/button';
import { PendingLine } from '../../components/ui/pending-line';
import { api, errorMessage } from '../../lib/api';
import { saveFile } from '../../lib/download';
import { toastError } from '../../lib/errors';
import { formatDate, formatYen } from '../../lib/format';
import { documentsQuery } from './queries';

const KINDS: { kind: TSubscriptionDocumentKind; label: string }[] = [
  { kind: 'invoice', label: T.invoice },
  { kind: 'receipt', label: T.receipt },
];

function DocumentRow({
  doc,
  save,
  busy,
}: {
  doc: TSubscriptionDocument;
  save: (kind: TSubscriptionDocumentKind) => void;
  busy: (kind: TSubscriptionDocumentKind) => boolean;
}) {
  return (
    <li className="flex flex-col gap-1 py-2 text-sm" data-testid="subscription-document">
      <div>
        <span className="text-muted-foreground">{T.period}</span> <span className="keep">{formatDate(doc.periodStart)}</span> 〜{' '}
        <span className="keep">{formatDate(doc.periodEnd)}</span>
      </div>
      <div className="flex flex-wrap gap-x-4">
        <span>
          <span className="text-muted-foreground">{T.paidAt}</span> <span className="keep">{formatDate(doc.paidAt)}</span>
        </span>
        <span>
          <span className="text-muted-foreground">{T.amount}</span> <span className="keep">{formatYen(doc.total)}</span>
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        {KINDS.map(({ kind, label }) => (
          <Button
            key={kind}
            variant="outline"
            size="sm"
            loading={busy(kind)}
            aria-label={T.download(label, doc.number)}
            onClick={() => save(kind)}
          >
            <FileText aria-hidden className="size-4" />
            {label}
          </Button>
        ))}
      </div>
    </li>
  );
}

export function SubscriptionDocuments() {
  const documents = useQuery(documentsQuery);
  const download = useMutation({
    mutationFn: ({ doc, kind }: { doc: TSubscriptionDocument; kind: TSubscriptionDocumentKind }) =>
      api.download(subscriptionDocumentRoutes.download, { params: { documentId: doc.id, kind } }),
    onSuccess: (pdf, { doc, kind }) => saveFile(T.fileName(kind, doc.number), pdf),
    onError: toastError,
  });
  const busy = (doc: TSubscriptionDocument) => (kind: TSubscriptionDocumentKind) =>
    download.isPending && download.variables?.doc.id === doc.id && download.variables.kind === kind;
  return (
    <section aria-labelledby="documents-heading">
      <h2 id="documents-heading" className="mb-1 text-sm font-semibold">
        {T.heading}
      </h2>
      <p className="text-xs text-muted-foreground">{T.description}</p>
      {documents.isPending && <PendingLine>{UI_TEXT.common.loading}</PendingLine>}
      {documents.isError && <Notice tone="error">{errorMessage(documents.error)}</Notice>}
      {documents.data?.data.length === 0 && <p className="py-2 text-sm">{T.none}</p>}
      {documents.data && documents.data.data.length > 0 && (
        <ul className="divide-y">
          {documents.data.data.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} save={(kind) => download.mutate({ doc, kind })} busy={busy(doc)} />
          ))}
        </ul>
      )}
    </section>
  );
}
