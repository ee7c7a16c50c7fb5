/**
 * /dashboard/carrier-verifications (decision 104): the queue of carrier companies' submissions,
 * oldest first, filtered by state and by company name or e-mail; and one company's documents with
 * the answer: 確認済, or 差戻し with the reason its manager reads by notification and mail.
 */
import {
  CarrierPermitKind,
  CarrierVerificationStatus,
  UI_TEXT,
  ZCarrierVerificationReviewBody,
  carrierVerificationRoutes,
  type TCarrierVerification,
  type TCarrierVerificationListItem,
  type TCarrierVerificationListQuery,
  type TCarrierVerificationReviewBody,
  type TCarrierVerificationStatus,
} from '@logi/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Form, FormTextArea, applyFieldErrors, useZodForm } from '../../../components/form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { VerifiedBadge } from '../../../components/verified-badge';
import { ApiError, api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { CARRIER_VERIFICATION_TEXT as T } from '../../../texts/carrier-verification';
import { DataList, type ListColumn, type ListFilter } from '../list-kit/data-list';
import { useListParams } from '../list-kit/use-list-params';
import { DetailHeader, Fields, Loading, TextLink, dateTimeOrNone } from '../parts';
import { ADMIN_KEY, LIST_LIMIT } from '../queries';

type Status = Exclude<TCarrierVerificationStatus, 'NONE'>;
type Signal = { signal?: AbortSignal };

const fetchVerifications = (
  status: Status | undefined,
  keyword: string | undefined,
  page: number,
  limit = LIST_LIMIT,
  o: Signal = {},
) => api.call(carrierVerificationRoutes.list, { query: { page, limit, status, keyword } as TCarrierVerificationListQuery }, o);
const verificationsQuery = (status: Status | undefined, keyword: string | undefined, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'carrier-verifications', status, keyword, page],
    queryFn: ({ signal }) => fetchVerifications(status, keyword, page, LIST_LIMIT, { signal }),
    placeholderData: keepPreviousData,
  });
export const companyVerificationQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'carrier-verification', companyId],
    queryFn: ({ signal }) => api.call(carrierVerificationRoutes.get, { params: { companyId } }, { signal }),
  });

const STATUS_VARIANT = {
  NONE: 'muted',
  PENDING: 'warning',
  VERIFIED: 'success',
  RETURNED: 'destructive',
  LAPSED: 'destructive',
} as const satisfies Record<TCarrierVerificationStatus, string>;

/** 認証済み while verified and insured; otherwise the state's name. */
export function VerificationStatusBadge({ status, isVerified }: { status: TCarrierVerificationStatus; isVerified: boolean }) {
  return isVerified ? (
    <VerifiedBadge />
  ) : (
    <Badge variant={STATUS_VARIANT[status]}>{CarrierVerificationStatus.labels[status]}</Badge>
  );
}

const path = (companyId: string) => `/dashboard/carrier-verifications/${companyId}`;

const columns: ListColumn<TCarrierVerificationListItem>[] = [
  {
    id: 'company',
    header: T.company,
    cell: (r) => <TextLink to={path(r.companyId)}>{r.companyName}</TextLink>,
    csv: (r) => r.companyName,
  },
  {
    id: 'status',
    header: T.status,
    cell: (r) => <VerificationStatusBadge status={r.status} isVerified={r.isVerified} />,
    csv: (r) => CarrierVerificationStatus.labels[r.status],
  },
  { id: 'manager', header: T.manager, cell: (r) => `${r.managerName}（${r.managerEmail}）`, csv: (r) => r.managerEmail },
  {
    id: 'permitKind',
    header: T.permitKind,
    cell: (r) => CarrierPermitKind.labels[r.permitKind],
    csv: (r) => CarrierPermitKind.labels[r.permitKind],
  },
  {
    id: 'expiry',
    header: T.insuranceExpiresOn,
    cell: (r) => formatDate(r.insuranceExpiresOn),
    csv: (r) => r.insuranceExpiresOn,
  },
  {
    id: 'submittedAt',
    header: T.submittedAt,
    cell: (r) => dateTimeOrNone(r.submittedAt),
    csv: (r) => dateTimeOrNone(r.submittedAt),
  },
  { id: 'reviewedAt', header: T.reviewedAt, cell: (r) => dateTimeOrNone(r.reviewedAt), csv: (r) => dateTimeOrNone(r.reviewedAt) },
];

const KEYS = ['status', 'keyword'] as const;
const filters: ListFilter<'status' | 'keyword'>[] = [
  { kind: 'keyword', key: 'keyword', placeholder: T.keyword },
  {
    kind: 'select',
    key: 'status',
    label: T.status,
    options: CarrierVerificationStatus.values
      .filter((v) => v !== 'NONE')
      .map((v) => ({ value: v, label: CarrierVerificationStatus.labels[v] })),
  },
];

export function CarrierVerificationsPage() {
  const { page, filters: values, setPage, setFilters } = useListParams(KEYS);
  const status = values.status as Status | undefined;
  const result = useQuery(verificationsQuery(status, values.keyword, page));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{T.queueDescription}</p>
      <DataList
        label={UI_TEXT.dashboard.carrierVerifications}
        columns={columns}
        rowKey={(r) => r.companyId}
        result={result}
        onPageChange={setPage}
        filters={filters}
        values={values}
        onFiltersChange={setFilters}
        fetchPage={(p, limit) => fetchVerifications(status, values.keyword, p, limit)}
      />
    </div>
  );
}

export function CarrierVerificationDetailPage() {
  const { companyId = '' } = useParams();
  const query = useQuery(companyVerificationQuery(companyId));
  return (
    <div className="flex flex-col gap-4">
      <TextLink to="/dashboard/carrier-verifications">{T.backToQueue}</TextLink>
      <Loading query={query}>{(v) => <VerificationDetail verification={v} />}</Loading>
    </div>
  );
}

function VerificationDetail({ verification: v }: { verification: TCarrierVerification }) {
  return (
    <>
      <DetailHeader title={v.companyName} badges={<VerificationStatusBadge status={v.status} isVerified={v.isVerified} />} />
      <section aria-label={T.documents} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{T.documents}</h3>
        <Fields
          items={[
            [T.permitKind, v.permitKind ? CarrierPermitKind.labels[v.permitKind] : null],
            [T.permitNumber, v.permitNumber],
            [T.insurer, v.insurer],
            [T.coverageYen, v.coverageYen === null ? null : T.yen(v.coverageYen)],
            [T.insuranceExpiresOn, v.insuranceExpiresOn ? formatDate(v.insuranceExpiresOn) : null],
            [T.invoiceRegistrationNumber, v.invoiceRegistrationNumber],
            [
              T.certificate,
              v.certificate?.fileUrl ? (
                <a href={v.certificate.fileUrl} target="_blank" rel="noreferrer" className="text-primary underline">
                  {v.certificate.fileName}
                </a>
              ) : null,
            ],
            [T.submittedAt, dateTimeOrNone(v.submittedAt)],
            [T.reviewedAt, dateTimeOrNone(v.reviewedAt)],
            [T.returnReason, v.returnReason],
          ]}
        />
        {v.certificate?.fileUrl && v.certificate.kind === 'IMAGE' && (
          <img src={v.certificate.fileUrl} alt={T.certificate} className="max-h-96 w-fit rounded-md border object-contain" />
        )}
      </section>
      {v.status === 'PENDING' && <ReviewForm verification={v} />}
    </>
  );
}

function ReviewForm({ verification: v }: { verification: TCarrierVerification }) {
  const queryClient = useQueryClient();
  const form = useZodForm(ZCarrierVerificationReviewBody, {
    defaultValues: { outcome: 'VERIFIED', reason: '' } as Partial<TCarrierVerificationReviewBody>,
  });
  async function submit(body: TCarrierVerificationReviewBody) {
    try {
      const saved = await api.call(carrierVerificationRoutes.review, { params: { companyId: v.companyId }, body });
      queryClient.setQueryData(companyVerificationQuery(v.companyId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'carrier-verifications'] });
      toast.success(T.reviewed);
    } catch (error) {
      if (!(error instanceof ApiError && applyFieldErrors(form as never, error.details))) toastError(error);
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-label={T.status}>
      <FormTextArea name="reason" label={T.reasonLabel} description={T.reasonHint} maxLength={500} span={12} />
      <div className="col-span-12 flex flex-wrap gap-2">
        <Button type="submit" loading={form.formState.isSubmitting} onClick={() => form.setValue('outcome', 'VERIFIED')}>
          {T.verify}
        </Button>
        <Button
          type="submit"
          variant="destructive"
          loading={form.formState.isSubmitting}
          onClick={() => form.setValue('outcome', 'RETURNED')}
        >
          {T.returnIt}
        </Button>
      </div>
    </Form>
  );
}
