/**
 * A delivery's written transport conditions (decisions 067, 084): what the customer asked for
 * beside driving, on every detail — and, once a candidate is approved, the charges both sides
 * agreed as the server computed them (the approved bid's, with tax and total: the same figures
 * the 運送条件書 prints); then the 運送条件書 PDF for the parties, every version of it.
 */
import {
  IncidentalWork,
  type TAgreedCharges,
  type TDeliveryItem,
  type TRequestItemDetail,
  TollsPaidBy,
  transportConditionsRoutes,
} from '@logi/contract';
import { TRANSPORT_CONDITIONS_TEXT as T } from '../../texts/request-items';
import { useMutation } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Button } from '../ui/button';
import { api } from '../../lib/api';
import { saveFile } from '../../lib/download';
import { formatDate, formatYen } from '../../lib/format';
import { DetailSection, type Fact, FactList } from './detail-parts';

const taxExcluded = (yen: number) => T.taxExcluded(formatYen(yen));

/** The conditions as written on a request (or on the form about to post one). */
export type Conditions = Pick<
  TDeliveryItem,
  'incidentalWork' | 'incidentalCharge' | 'waitingChargePer30Min' | 'tollsPaidBy' | 'fuelSurcharge' | 'paymentTerms'
>;

/**
 * The conditions as label / value pairs: the detail pages and the post's confirmation show the
 * same. `agreed`: the deal's charges once approved (the server's answer); else the request's own.
 */
export function conditionFacts(delivery: Conditions, agreed: TAgreedCharges | null = null): Fact[] {
  const incidentalCharge = agreed ? agreed.incidentalCharge : delivery.incidentalCharge;
  const fuelSurcharge = agreed ? agreed.fuelSurcharge : delivery.fuelSurcharge;
  return [
    [T.incidentalWork, delivery.incidentalWork.map((w) => IncidentalWork.labels[w]).join('・') || T.none],
    [
      T.incidentalCharge,
      delivery.incidentalWork.length === 0 ? null : incidentalCharge === null ? T.includedInFare : taxExcluded(incidentalCharge),
    ],
    [
      T.waitingCharge,
      delivery.waitingChargePer30Min === null ? T.notAgreed : T.per30Min(taxExcluded(delivery.waitingChargePer30Min)),
    ],
    [T.tollsPaidBy, delivery.tollsPaidBy === null ? T.tollsNotAgreed : TollsPaidBy.labels[delivery.tollsPaidBy]],
    [T.fuelSurcharge, fuelSurcharge === null ? T.none : taxExcluded(fuelSurcharge)],
    ...(agreed
      ? ([
          [T.subtotal, formatYen(agreed.subtotal)],
          [T.consumptionTax(agreed.taxRate), formatYen(agreed.consumptionTax)],
          [T.total, <strong key="total">{formatYen(agreed.total)}</strong>],
        ] satisfies Fact[])
      : []),
    [T.paymentTerms, delivery.paymentTerms ?? T.toBeAgreed],
  ];
}

export function TransportConditions({ delivery, agreed = null }: { delivery: TDeliveryItem; agreed?: TAgreedCharges | null }) {
  const facts = conditionFacts(delivery, agreed);
  return (
    <DetailSection title={T.heading}>
      {agreed && <p className="text-xs text-muted-foreground">{T.agreedNote}</p>}
      <div data-testid="transport-conditions">
        <FactList facts={facts} />
      </div>
    </DetailSection>
  );
}

/**
 * The PDF for the parties and the admin, nothing before it exists: the version in force, and the
 * earlier ones (each kept as issued) when the carrier company named or changed the driver since.
 */
export function TransportConditionsButton({ item, className }: { item: TRequestItemDetail; className?: string }) {
  const save = useMutation({
    mutationFn: ({ version }: { version: number; number: string }) =>
      api.download(transportConditionsRoutes.download, { params: { requestItemId: item.id }, query: { version } }),
    onSuccess: (pdf, { number }) => saveFile(T.fileName(number), pdf),
  });
  const conditions = item.transportConditions;
  if (!conditions) return null;
  const earlier = conditions.versions.filter((v) => v.version !== conditions.version);
  const busy = (version: number) => save.isPending && save.variables?.version === version;
  return (
    <div className="flex flex-col gap-1">
      <Button variant="outline" loading={busy(conditions.version)} onClick={() => save.mutate(conditions)} className={className}>
        <FileText aria-hidden className="size-4" />
        {T.download}
      </Button>
      {earlier.length > 0 && (
        <div className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground" data-testid="conditions-versions">
          <span>{T.currentVersion(conditions.version)}</span>
          <span>{T.earlierVersions}:</span>
          {earlier.map((v) => (
            <Button
              key={v.version}
              variant="link"
              size="sm"
              className="px-1 text-xs"
              loading={busy(v.version)}
              onClick={() => save.mutate(v)}
            >
              {T.versionLabel(v.version, formatDate(v.issuedAt))}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
