/**
 * The cold-chain readings of a delivery report (decision 064): pickup and delivery in ℃, the
 * request's range (the shipper's own within the zone, decision 085, else the zone's), a 基準外
 * flag on a reading outside it, and the data logger's file.
 */
import {
  type TDeliveryItem,
  TemperatureRange,
  formatCelsius,
  hasCustomRange,
  isColdChain,
  isTemperatureInRange,
  temperatureLimitText,
} from '@logi/contract';
import { COLD_CHAIN_TEXT as T } from '../../texts/request-items';
import { FileText, Thermometer, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../ui/badge';
import { Notice } from '../ui/page-panel';
import { cn } from '../../lib/cn';

type Zone = Pick<TDeliveryItem, 'vehicleTemperatureRange' | 'temperatureMin' | 'temperatureMax'>;

/** 「冷凍の基準: -15℃以下」, or 「冷蔵・依頼の指定: 2〜8℃」, for a cold load; null for room temperature. */
export function temperatureLimit(delivery: Zone): string | null {
  const range = delivery.vehicleTemperatureRange;
  if (!isColdChain(range)) return null;
  const text = hasCustomRange(delivery) ? T.customLimit : T.limit;
  return text(TemperatureRange.labels[range], temperatureLimitText(range, delivery));
}

function Reading({ label, celsius, delivery }: { label: string; celsius: number | null; delivery: TDeliveryItem }) {
  const outside = celsius !== null && !isTemperatureInRange(delivery.vehicleTemperatureRange, celsius, delivery);
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2" data-testid="temperature-reading">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="flex items-center gap-2">
        <span className={outside ? 'text-lg font-bold text-destructive' : 'text-lg font-bold'}>
          {celsius === null ? (
            <span className="text-sm font-normal text-muted-foreground">{T.notRecorded}</span>
          ) : (
            formatCelsius(celsius)
          )}
        </span>
        {outside && (
          <Badge variant="destructive">
            <TriangleAlert aria-hidden className="size-3.5" />
            {T.outOfRange}
          </Badge>
        )}
      </span>
    </div>
  );
}

/**
 * Shown for a 冷蔵・冷凍 delivery, or any delivery whose report holds a reading. `children`
 * (the carrier's fields) go inside the same region; `heading` fits the page's outline.
 */
export function TemperatureRecord({
  delivery,
  heading: Heading = 'h3',
  className,
  children,
}: {
  delivery: TDeliveryItem;
  heading?: 'h2' | 'h3';
  className?: string;
  children?: ReactNode;
}) {
  const limit = temperatureLimit(delivery);
  if (!limit && delivery.pickupTemperature === null && delivery.deliveryTemperature === null) return null;
  return (
    <section aria-label={T.heading} className={cn('flex flex-col gap-2', className)} data-testid="temperature-record">
      <Heading className="flex flex-wrap items-center gap-1.5 text-sm font-bold">
        <Thermometer aria-hidden className="size-4" />
        {T.heading}
        {limit && <span className="font-normal text-muted-foreground">（{limit}）</span>}
      </Heading>
      <div className="grid gap-2 sm:grid-cols-2">
        <Reading label={T.pickup} celsius={delivery.pickupTemperature} delivery={delivery} />
        <Reading label={T.delivery} celsius={delivery.deliveryTemperature} delivery={delivery} />
      </div>
      {delivery.temperatureLogFile?.fileUrl && (
        <a
          href={delivery.temperatureLogFile.fileUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 self-start text-sm text-primary underline underline-offset-4"
        >
          <FileText aria-hidden className="size-4" />
          {T.openLogFile}
        </a>
      )}
      {delivery.isTemperatureOutOfRange && <Notice tone="error">{T.outOfRangeNotice}</Notice>}
      {children}
    </section>
  );
}
