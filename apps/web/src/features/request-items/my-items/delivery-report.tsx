/** The driver's delivery report as the customer checks it: receipt, recipient's signature and delivery image. */
import { type TDeliveryItem, type TFileRef } from '@logi/contract';
import { MY_ITEMS_TEXT } from '../../../texts/my-items';
import { ImageOff } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';
import { DetailSection, TemperatureRecord } from '../../../components/request-item';

const T = MY_ITEMS_TEXT.detail;
const SLOTS = ['receiptImage', 'recipientSignatureImage', 'deliveryImage'] as const;

function ReportImage({ label, file }: { label: string; file: TFileRef | null }) {
  return (
    <figure className="flex flex-col gap-1.5">
      <div className="aspect-[4/3] overflow-hidden rounded-md border bg-muted">
        {file?.fileUrl ? (
          <a href={file.fileUrl} target="_blank" rel="noreferrer" className="block size-full">
            <img src={file.fileUrl} alt={label} loading="lazy" className="size-full object-cover" />
          </a>
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-muted-foreground">
            <ImageOff aria-hidden className="size-6" />
            {file ? T.reportImageUnavailable : T.reportImageMissing}
          </span>
        )}
      </div>
      <figcaption className="text-center text-sm font-medium">{label}</figcaption>
    </figure>
  );
}

/** Shown once the driver has sent any part of the report (it may come in parts). */
export function DeliveryReport({ delivery }: { delivery: TDeliveryItem }) {
  if (!delivery.reportedAt && !SLOTS.some((slot) => delivery[slot])) return null;
  // Images first; a cold load's readings under them (decision 064).
  return (
    <DetailSection title={T.reportHeading}>
      {delivery.reportedAt && (
        <p className="text-sm text-muted-foreground">
          {T.reportedAt} {formatDateTime(delivery.reportedAt)}
        </p>
      )}
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        {SLOTS.map((slot) => (
          <ReportImage key={slot} label={T.reportImages[slot]} file={delivery[slot]} />
        ))}
      </div>
      <TemperatureRecord delivery={delivery} />
    </DetailSection>
  );
}
