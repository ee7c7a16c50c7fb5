/**
 * A delivery's written transport conditions (decision 067): what the customer asked for beside
 * driving, on every detail; and, once a candidate is approved, the 運送条件書 PDF for the parties.
 */
import {
  IncidentalWork,
  TRANSPORT_CONDITIONS_TEXT as T,
  type TDeliveryItem,
  type TRequestItemDetail,
  TollsPaidBy,
  transportConditionsRoutes,
} from '@logi/contract';
import { useMutation } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { formatYen } from '../../../lib/format';
import { DetailSection, type Fact, FactList } from './detail-parts';

/** The conditions as written on a request (or on the form about to post one). */
export type Conditions = Pick<
  TDeliveryItem,
  'incidentalWork' | 'incidentalCharge' | 'waitingChargePer30Min' | 'tollsPaidBy' | 'fuelSurcharge' | 'paymentTerms'
>;

/** The conditions as label / value pairs: the detail pages and the post's confirmation show the same. */
export function conditionFacts(delivery: Conditions): Fact[] {
  return [
    [T.incidentalWork, delivery.incidentalWork.map((w) => IncidentalWork.labels[w]).join('・') || T.none],
    [
      T.incidentalCharge,
      delivery.incidentalWork.length === 0
        ? null
        : delivery.incidentalCharge === null
          ? T.includedInFare
          : formatYen(delivery.incidentalCharge),
    ],
    [
      T.waitingCharge,
      delivery.waitingChargePer30Min === null ? T.notAgreed : T.per30Min(formatYen(delivery.waitingChargePer30Min)),
    ],
    [T.tollsPaidBy, TollsPaidBy.labels[delivery.tollsPaidBy]],
    [T.fuelSurcharge, delivery.fuelSurcharge === null ? T.none : formatYen(delivery.fuelSurcharge)],
    [T.paymentTerms, delivery.paymentTerms ?? T.toBeAgreed],
  ];
}

export function TransportConditions({ delivery }: { delivery: TDeliveryItem }) {
  const facts = conditionFacts(delivery);
  return (
    <DetailSection title={T.heading}>
      <FactList facts={facts} />
    </DetailSection>
  );
}

/** The PDF issued on approval, for the parties and the admin; nothing before it exists. */
export function TransportConditionsButton({ item, className }: { item: TRequestItemDetail; className?: string }) {
  const save = useMutation({
    mutationFn: () => api.download(transportConditionsRoutes.download, { params: { requestItemId: item.id } }),
    onSuccess: (pdf) => saveFile(T.fileName(item.transportConditions!.number), pdf),
  });
  if (!item.transportConditions) return null;
  return (
    <Button variant="outline" loading={save.isPending} onClick={() => save.mutate()} className={className}>
      <FileText aria-hidden className="size-4" />
      {T.download}
    </Button>
  );
}
