import {
  REQUEST_ITEM_TEXT as T,
  TemperatureRange,
  type TFileRef,
  type TRequestItem,
  type TRequestItemDetail,
  VehicleType,
  requestReference,
  temperatureZoneText,
} from '@logi/contract';
import { ImageOff, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Notice } from '../ui/page-panel';
import { formatDateTime } from '../../lib/format';
import { DetailSection, type Fact, FactList, HiddenValue } from './detail-parts';
import { formatAddress, formatArea, formatKg, formatPieces, formatPostalCode, formatTsubo, requestTitle } from './display';
import { PriceDisplay, agreedPrice, priceText } from './price-display';
import { isTakingApplications } from './request-badges';
import { RequestBadges, RequestTypeBadge } from './status-badge';
import { FareShare, StandardFareFigure } from './standard-fare';
import { TransportConditions } from './transport-conditions';
import { TransportStops } from './transport-stops';
import { formatPhone } from '../../lib/phone';
import { KeepWords } from '../ui/keep-words';
import { EmailAddress } from '../ui/email-address';

/** Badges, title, price and posting date: the top of every detail page. */
export function RequestSummary({ item, titleAs: Title = 'h1' }: { item: TRequestItem; titleAs?: 'h1' | 'h2' }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex flex-wrap items-center gap-1.5">
        <RequestTypeBadge type={item.type} />
        <RequestBadges item={item} />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <Title className="text-xl leading-snug font-bold sm:text-2xl">{requestTitle(item)}</Title>
        <div className="flex flex-col items-start gap-0.5 sm:items-end">
          <PriceDisplay
            price={item.price}
            agreed={agreedPrice(item)}
            open={isTakingApplications(item)}
            withType
            className="items-start sm:items-end"
          />
          {item.standardFare && <StandardFareFigure figure={item.standardFare} />}
          {item.candidate?.standardFare && <FareShare share={item.candidate.standardFare} />}
        </div>
      </div>
      <p className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
        <span>
          {T.reference} <span className="keep font-mono text-foreground">{requestReference(item.id)}</span>
        </span>
        <span>
          {T.postedAt} <KeepWords text={formatDateTime(item.createdAt)} />
        </span>
        {item.selectionDeadline && (
          <span data-testid="selection-deadline">
            {T.selectionDeadline}{' '}
            <span className="text-foreground">
              <KeepWords text={formatDateTime(item.selectionDeadline)} />
            </span>
          </span>
        )}
        {item.status === 'WAITING_APPROVE' && item.numberOfCandidates !== undefined && (
          <span data-testid="applicant-count" className="font-medium text-foreground">
            {T.applicants(item.numberOfCandidates)}
          </span>
        )}
      </p>
    </div>
  );
}

function DeliveryFacts({ item }: { item: NonNullable<TRequestItem['deliveryItem']> }) {
  const facts: Fact[] = [
    [T.vehicleType, VehicleType.labels[item.vehicleType]],
    [T.temperature, temperatureZoneText(item.vehicleTemperatureRange, item)],
    [T.baggageName, item.baggageName],
    [T.material, item.material],
    [T.weight, item.weight === null ? null : formatKg(item.weight)],
    [T.totalWeight, formatKg(item.totalWeight)],
    [T.totalAmount, item.totalAmount === null ? null : formatPieces(item.totalAmount)],
    [T.size, item.size],
  ];
  return <FactList facts={facts} />;
}

function WarehouseFacts({
  item,
  price,
  hidden,
}: {
  item: NonNullable<TRequestItem['warehouseItem']>;
  price: string;
  hidden: boolean;
}) {
  const postal = formatPostalCode(item.location.postalCode);
  // Masked: the area only, the block (a sample) as hidden.
  const location = hidden ? (
    <>
      {[postal, formatArea(item.location)].filter(Boolean).join(' ')} <HiddenValue />
    </>
  ) : (
    [postal, formatAddress(item.location)].filter(Boolean).join(' ')
  );
  const facts: Fact[] = [
    [T.warehouseLocation, location],
    [T.roomTemperature, TemperatureRange.labels[item.roomTemperatureRange]],
    [T.acreage, formatTsubo(item.acreage)],
    [T.requestAmount, formatPieces(item.requestAmount)],
    [T.vehicleTypes, item.vehicleTypes.length ? item.vehicleTypes.map((v) => VehicleType.labels[v]).join('、') : null],
    [T.price, price],
  ];
  return <FactList facts={facts} />;
}

function Images({ images }: { images: readonly TFileRef[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {images.map((image, i) => (
        <li key={image.id} className="aspect-square overflow-hidden rounded-md border bg-muted">
          {image.fileUrl ? (
            <a href={image.fileUrl} target="_blank" rel="noreferrer" className="block size-full">
              <img src={image.fileUrl} alt={T.imageAlt(i + 1)} loading="lazy" className="size-full object-cover" />
            </a>
          ) : (
            <span className="flex size-full flex-col items-center justify-center gap-1 text-xs text-muted-foreground">
              <ImageOff aria-hidden className="size-6" />
              {T.imageUnavailable}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function CustomerFacts({ customer, hidden }: { customer: NonNullable<TRequestItem['customer']>; hidden: boolean }) {
  // Names, the phone and the invoice number read as one word each: kept on one line.
  const keep = (value: string) => (
    <span className="keep" title={value}>
      {value}
    </span>
  );
  const fields: [string, ReactNode][] = [
    [T.companyName, customer.companyName && keep(customer.companyName)],
    [
      T.customerName,
      customer.customerName && (
        <span className="person-name" title={customer.customerName}>
          {customer.customerName}
        </span>
      ),
    ],
    [T.address, customer.address],
    [T.phone, customer.phone && keep(formatPhone(customer.phone))],
    [T.email, <EmailAddress key="email" email={customer.email} />],
    [T.invoice, customer.invoice && keep(customer.invoice)],
  ];
  const facts: Fact[] = fields.map(([label, value]) => [label, hidden ? <HiddenValue /> : value]);
  return <FactList facts={facts} />;
}

/** A warehouse's images are the request's own images again: each file is shown once. */
function uniqueById(images: readonly TFileRef[]): TFileRef[] {
  return [...new Map(images.map((image) => [image.id, image])).values()];
}

/**
 * Every field of a request item, read-only: summary, route or warehouse, the baggage facts,
 * images, the customer's message and contact details (when `isHidden` the server sent samples:
 * each reads 承認後に表示されます, under a note that the real ones follow approval).
 */
export function RequestDetailBody({
  item,
  titleAs,
  withSummary = true,
}: {
  /** A detail carries the agreed charges once approved (for the parties): shown instead of the request's. */
  item: TRequestItem & Partial<Pick<TRequestItemDetail, 'agreedCharges'>>;
  titleAs?: 'h1' | 'h2';
  /** false: the page shows RequestSummary itself (to put its actions right under it on a phone). */
  withSummary?: boolean;
}) {
  const images = uniqueById([...item.images, ...(item.warehouseItem?.images ?? [])]);
  return (
    <div className="flex flex-col gap-4">
      {withSummary && <RequestSummary item={item} titleAs={titleAs} />}
      {item.isHidden && (
        <Notice>
          <span className="flex items-start gap-2">
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
            {T.hiddenNote}
          </span>
        </Notice>
      )}
      {item.deliveryItem && (
        <>
          <DetailSection title={T.route}>
            <TransportStops stops={item.deliveryItem.transports} hidden={item.isHidden} />
          </DetailSection>
          <DetailSection title={T.basics}>
            <DeliveryFacts item={item.deliveryItem} />
          </DetailSection>
          <TransportConditions delivery={item.deliveryItem} agreed={item.agreedCharges} />
        </>
      )}
      {item.warehouseItem && (
        <DetailSection title={T.warehouse}>
          <WarehouseFacts
            item={item.warehouseItem}
            price={priceText(item.price, agreedPrice(item), isTakingApplications(item))}
            hidden={item.isHidden}
          />
        </DetailSection>
      )}
      {images.length > 0 && (
        <DetailSection title={T.images}>
          <Images images={images} />
        </DetailSection>
      )}
      {item.message && (
        <DetailSection title={T.message}>
          <p className="text-sm whitespace-pre-wrap break-words" data-testid="request-message">
            {item.isHidden ? <HiddenValue /> : item.message}
          </p>
        </DetailSection>
      )}
      {item.customer && (
        <DetailSection title={T.customer}>
          <CustomerFacts customer={item.customer} hidden={item.isHidden} />
        </DetailSection>
      )}
    </div>
  );
}
