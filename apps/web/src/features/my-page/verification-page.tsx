/**
 * /my-page/verification (decision 104): a driver manager's company documents — its 許可 or 届出
 * number, its cargo insurance with the certificate, its 登録番号 — and where their review stands.
 * Submitting puts them in 申請中; the admin answers 確認済 or 差戻し with a reason. A company of one
 * (an owner-driver) is a driver manager without drivers and uses the same form.
 */
import {
  CarrierPermitKind,
  CarrierVerificationStatus,
  ZCarrierVerificationBody,
  carrierVerificationRoutes,
  type TCarrierVerification,
  type TCarrierVerificationBody,
  type TCarrierVerificationStatus,
} from '@logi/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Form,
  FormDatePicker,
  FormInput,
  FormInputFile,
  FormRadio,
  applyFieldErrors,
  enumOptions,
  useZodForm,
} from '../../components/form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PagePanel } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { VerifiedBadge } from '../../components/verified-badge';
import { ApiError, api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { sessionQuery } from '../../lib/session-query';
import { toast } from '../../lib/toast';
import { CARRIER_VERIFICATION_TEXT as T } from '../../texts/carrier-verification';

export const verificationQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['carrier-verification', companyId],
    queryFn: ({ signal }) => api.call(carrierVerificationRoutes.get, { params: { companyId } }, { signal }),
  });

const STATUS_VARIANT = {
  NONE: 'muted',
  PENDING: 'warning',
  VERIFIED: 'success',
  RETURNED: 'destructive',
  LAPSED: 'destructive',
} as const satisfies Record<TCarrierVerificationStatus, string>;

/** The state as a badge: 認証済み while verified and insured, else the state's name. */
export function VerificationState({ verification }: { verification: TCarrierVerification }) {
  return verification.isVerified ? (
    <VerifiedBadge />
  ) : (
    <Badge variant={STATUS_VARIANT[verification.status]} data-testid="verification-status">
      {CarrierVerificationStatus.labels[verification.status]}
    </Badge>
  );
}

export function CarrierVerificationPage() {
  const session = useQuery(sessionQuery);
  const companyId = session.data?.company && !session.data.parentId ? session.data.company.id : null;
  const verification = useQuery({ ...verificationQuery(companyId ?? ''), enabled: companyId !== null });
  return (
    <PagePanel title={T.title} description={T.description} width="wide">
      {verification.data ? (
        <>
          <VerificationSummary verification={verification.data} />
          <VerificationForm verification={verification.data} />
        </>
      ) : (
        <PendingLine>{T.title}</PendingLine>
      )}
    </PagePanel>
  );
}

function VerificationSummary({ verification: v }: { verification: TCarrierVerification }) {
  return (
    <section aria-label={T.status} className="flex flex-col gap-2 rounded-lg border bg-card p-4 text-sm">
      <div className="flex items-center gap-2">
        <span className="font-semibold">{T.status}</span>
        <VerificationState verification={v} />
      </div>
      {v.submittedAt && (
        <p className="text-muted-foreground">
          {T.submittedAt}: {formatDateTime(v.submittedAt)}
        </p>
      )}
      {v.status === 'PENDING' && <p>{T.pendingNote}</p>}
      {v.status === 'RETURNED' && v.returnReason && (
        <p role="alert" className="text-destructive">
          {T.returnReason}: {v.returnReason}
        </p>
      )}
      {v.status === 'LAPSED' && v.lapsedAt && (
        <p className="text-destructive">
          {T.lapsedAt}: {formatDateTime(v.lapsedAt)}
        </p>
      )}
      {v.insuranceExpiresOn && (
        <p className="text-muted-foreground">
          {T.insuranceExpiresOn}: {formatDate(v.insuranceExpiresOn)}
        </p>
      )}
    </section>
  );
}

function VerificationForm({ verification: v }: { verification: TCarrierVerification }) {
  const queryClient = useQueryClient();
  const form = useZodForm(ZCarrierVerificationBody, {
    defaultValues: {
      permitKind: v.permitKind ?? 'GENERAL_FREIGHT',
      permitNumber: v.permitNumber ?? '',
      insurer: v.insurer ?? '',
      coverageYen: v.coverageYen ?? undefined,
      insuranceExpiresOn: v.insuranceExpiresOn ?? '',
      certificateFileId: v.certificate?.id ?? '',
      invoiceRegistrationNumber: v.invoiceRegistrationNumber ?? '',
    } as Partial<TCarrierVerificationBody>,
  });
  async function submit(body: TCarrierVerificationBody) {
    try {
      const saved = await api.call(carrierVerificationRoutes.submit, { params: { companyId: v.companyId }, body });
      queryClient.setQueryData(verificationQuery(v.companyId).queryKey, saved);
      form.reset(form.getValues());
      toast.success(T.submitted);
    } catch (error) {
      if (!(error instanceof ApiError && applyFieldErrors(form as never, error.details))) toastError(error);
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-label={T.title}>
      <FormRadio name="permitKind" label={T.permitKind} required options={enumOptions(CarrierPermitKind)} span={12} />
      <FormInput name="permitNumber" label={T.permitNumber} description={T.permitNumberHint} required span={6} />
      <FormInput
        name="invoiceRegistrationNumber"
        label={T.invoiceRegistrationNumber}
        description={T.invoiceRegistrationHint}
        required
        maxLength={14}
        span={6}
      />
      <FormInput name="insurer" label={T.insurer} required span={6} />
      <FormInput name="coverageYen" label={T.coverageYen} type="number" inputMode="numeric" required span={6} />
      <FormDatePicker name="insuranceExpiresOn" label={T.insuranceExpiresOn} required span={6} />
      <FormInputFile
        name="certificateFileId"
        label={T.certificate}
        required
        kinds={['IMAGE', 'DOCUMENT']}
        filePath="carrier-verification"
        span={12}
      />
      {v.certificate?.fileUrl && (
        <a className="col-span-12 text-sm text-primary underline" href={v.certificate.fileUrl} target="_blank" rel="noreferrer">
          {T.viewCertificate}
        </a>
      )}
      {v.status === 'VERIFIED' && <p className="col-span-12 text-sm text-muted-foreground">{T.resubmitNote}</p>}
      <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
        {v.status === 'NONE' ? T.submit : T.resubmit}
      </Button>
    </Form>
  );
}
