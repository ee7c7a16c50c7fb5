/**
 * /shipping-requests/applied-items/detail/{id}/report: the delivery report (spec §3: complete
 * when the receipt, the recipient's signature and a delivery image are all present). The
 * approved driver uploads them while the pickup work runs (IN_PROGRESS), in one send or
 * several; a slot sent again replaces the image until the customer approves (decision 013).
 * The customer may open the page too (spec §2) and sees the same three slots, read-only.
 * A 冷蔵・冷凍 load also needs the temperatures at pickup and delivery (decision 064).
 */
import {
  TEMPERATURE_READING,
  type TDeliveryItem,
  type TDeliveryReportBody,
  type TFileRef,
  ZDeliveryReportBody,
  requestLifecycleRoutes,
} from '@logi/contract';
import { APPLIED_ITEMS_TEXT } from '../../texts/applied-items';
import { COLD_CHAIN_TEXT } from '../../texts/request-items';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, CircleDashed, ImageOff } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Form, FormInput, FormInputFile, useFormBusy, useZodForm } from '../../components/form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Notice } from '../../components/ui/page-panel';
import { SkeletonRows } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { toast } from '../../lib/toast';
import { REQUEST_ITEMS_KEY, requestItemQuery } from '../../lib/request-item-queries';
import { RequestRow, TemperatureRecord } from '../../components/request-item';

const T = APPLIED_ITEMS_TEXT.report;
type Slot = 'receiptImageId' | 'recipientSignatureImageId' | 'deliveryImageId';
const SLOTS: readonly { slot: Slot; image: (d: TDeliveryItem) => TFileRef | null }[] = [
  { slot: 'receiptImageId', image: (d) => d.receiptImage },
  { slot: 'recipientSignatureImageId', image: (d) => d.recipientSignatureImage },
  { slot: 'deliveryImageId', image: (d) => d.deliveryImage },
];
const EMPTY = {
  receiptImageId: null,
  recipientSignatureImageId: null,
  deliveryImageId: null,
  pickupTemperature: undefined,
  deliveryTemperature: undefined,
  temperatureLogFileId: null,
};

/** The parts the report needs and how many are in: three images, and a cold load's two readings. */
function reportProgress(d: TDeliveryItem): { present: number; total: number } {
  const readings = d.isTemperatureRequired ? [d.pickupTemperature, d.deliveryTemperature] : [];
  return {
    present: SLOTS.filter(({ image }) => image(d) !== null).length + readings.filter((t) => t !== null).length,
    total: SLOTS.length + readings.length,
  };
}

/** The temperature card: what is recorded, and (for the carrier) the fields to record or replace it. */
function TemperatureCard({ delivery, editable }: { delivery: TDeliveryItem; editable: boolean }) {
  return (
    <TemperatureRecord delivery={delivery} heading="h2" className="col-span-12 rounded-lg border bg-card p-4 shadow-xs">
      {editable && delivery.isTemperatureRequired && (
        <div className="grid grid-cols-12 gap-4">
          <p className="col-span-12 text-sm text-muted-foreground">{T.temperatureDescription}</p>
          {(['pickupTemperature', 'deliveryTemperature'] as const).map((name) => (
            <FormInput
              key={name}
              name={name}
              label={name === 'pickupTemperature' ? COLD_CHAIN_TEXT.pickup : COLD_CHAIN_TEXT.delivery}
              type="number"
              inputMode="decimal"
              suffix={COLD_CHAIN_TEXT.celsius}
              placeholder={`${TEMPERATURE_READING.min}〜${TEMPERATURE_READING.max}`}
              span={6}
            />
          ))}
          <FormInputFile
            name="temperatureLogFileId"
            label={T.logFileOptional}
            kinds={['DOCUMENT']}
            filePath="delivery-reports"
            span={12}
          />
        </div>
      )}
    </TemperatureRecord>
  );
}

function SlotCard({ slot, image, editable }: { slot: Slot; image: TFileRef | null; editable: boolean }) {
  const name = T.slots[slot];
  return (
    <section
      aria-label={name}
      data-testid="report-slot"
      data-present={image !== null}
      className="col-span-12 flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs md:col-span-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-bold">{name}</h2>
        {image ? (
          <Badge variant="success">
            <CheckCircle2 aria-hidden className="size-3.5" />
            {T.present}
          </Badge>
        ) : (
          <Badge variant="muted">
            <CircleDashed aria-hidden className="size-3.5" />
            {T.missing}
          </Badge>
        )}
      </div>
      {image?.fileUrl ? (
        <a
          href={image.fileUrl}
          target="_blank"
          rel="noreferrer"
          aria-label={T.openImage(name)}
          className="block overflow-hidden rounded-md border bg-muted"
        >
          <img src={image.fileUrl} alt={name} className="h-40 w-full object-cover sm:h-auto sm:aspect-[4/3]" />
        </a>
      ) : (
        <div className="flex h-40 w-full flex-col items-center sm:h-auto sm:aspect-[4/3] justify-center gap-2 rounded-md border border-dashed text-sm text-muted-foreground">
          <ImageOff aria-hidden className="size-8" />
          {T.noImage}
        </div>
      )}
      {editable && (
        <FormInputFile
          name={slot}
          label={<span className="sr-only">{name}</span>}
          kinds={['IMAGE']}
          filePath="delivery-reports"
        />
      )}
    </section>
  );
}

function SubmitButton() {
  const busy = useFormBusy();
  return (
    <Button type="submit" size="lg" loading={busy} className="w-full sm:w-auto">
      {T.submit}
    </Button>
  );
}

function ReportForm({ requestItemId, delivery }: { requestItemId: string; delivery: TDeliveryItem }) {
  const queryClient = useQueryClient();
  const form = useZodForm(ZDeliveryReportBody, { defaultValues: EMPTY });
  const send = useMutation({
    mutationFn: (body: TDeliveryReportBody) =>
      api.call(requestLifecycleRoutes.deliveryReport, { params: { requestItemId }, body }),
    onSuccess: ({ message }) => {
      toast.success(message);
      form.reset(EMPTY);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...REQUEST_ITEMS_KEY, requestItemId] }),
  });
  return (
    <Form
      form={form}
      // A failure is already toasted (query client); the form keeps what was entered.
      onSubmit={(body) => send.mutateAsync(body).catch(() => undefined)}
      aria-label={T.title}
    >
      {SLOTS.map(({ slot, image }) => (
        <SlotCard key={slot} slot={slot} image={image(delivery)} editable />
      ))}
      <TemperatureCard delivery={delivery} editable />
      <div className="col-span-12 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">{T.replaceHint}</p>
        <SubmitButton />
      </div>
    </Form>
  );
}

export function DeliveryReportPage() {
  const { id = '' } = useParams();
  const role = useAuth((s) => s.role);
  const isCustomer = role === 'CUSTOMER';
  const userId = useAuth((s) => s.user.id);
  const item = useQuery({ ...requestItemQuery(id, role), meta: { errorToast: false } });
  const detailPath = isCustomer ? `/shipping-requests/my-items/detail/${id}` : `/shipping-requests/applied-items/detail/${id}`;
  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-2 self-start">
      <Link to={detailPath}>
        <ArrowLeft aria-hidden />
        {T.backToDetail}
      </Link>
    </Button>
  );

  if (item.isPending) return <SkeletonRows rows={4} />;
  const delivery = item.data?.deliveryItem;
  if (item.isError || !delivery)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        {back}
        <EmptyState title={item.error?.message} titleAs="h1" />
      </div>
    );

  const detail = item.data;
  const { present, total } = reportProgress(delivery);
  // Who carries the job reports: the approved applicant, or the driver its manager assigned.
  const editable = !isCustomer && detail.carrierId === userId && detail.status === 'IN_PROGRESS';
  const state =
    detail.status === 'COMPLETED'
      ? T.approved
      : delivery.isReportComplete
        ? T.complete
        : detail.status === 'IN_PROGRESS'
          ? null
          : T.notYet;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      {back}
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold sm:text-2xl">{T.title}</h1>
        <p className="text-sm text-muted-foreground">
          {isCustomer ? T.customerNote : delivery.isTemperatureRequired ? T.descriptionColdChain : T.description}
        </p>
      </div>
      <RequestRow item={detail} to={detailPath} showStatus />
      <div className="flex flex-col gap-2" data-testid="report-state">
        <p className="text-sm font-medium">{T.progress(present, total)}</p>
        {state && <Notice tone={delivery.isReportComplete ? 'success' : 'info'}>{state}</Notice>}
      </div>
      {editable ? (
        <ReportForm requestItemId={id} delivery={delivery} />
      ) : (
        <div className="grid grid-cols-12 gap-4">
          {SLOTS.map(({ slot, image }) => (
            <SlotCard key={slot} slot={slot} image={image(delivery)} editable={false} />
          ))}
          <TemperatureCard delivery={delivery} editable={false} />
        </div>
      )}
      {isCustomer && (
        <Button asChild variant="outline" className="self-start">
          <Link to={detailPath}>{T.toMyItem}</Link>
        </Button>
      )}
    </div>
  );
}
