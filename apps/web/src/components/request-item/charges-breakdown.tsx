/**
 * The money a confirmation is about (issue 43 item 18): the fare, the 附帯業務 charge and the
 * fuel surcharge, each as agreed (chargesOf: a bid's own over the request's), their sum excluding
 * tax, the consumption tax and the total: the figures the 運送条件書 prints.
 */
import { type Charges } from '@logi/contract';
import { TRANSPORT_CONDITIONS_TEXT as T } from '../../texts/request-items';
import { formatYen } from '../../lib/format';

interface ChargesBreakdownProps {
  charges: Charges;
  /** The request names 附帯業務: a charge of null is then included in the fare rather than absent. */
  hasIncidentalWork: boolean;
}

export function ChargesBreakdown({ charges, hasIncidentalWork }: ChargesBreakdownProps) {
  const lines: [string, string][] = [[T.fare, formatYen(charges.fare)]];
  if (charges.incidentalCharge !== null) lines.push([T.incidentalCharge, formatYen(charges.incidentalCharge)]);
  else if (hasIncidentalWork) lines.push([T.incidentalCharge, T.includedInFare]);
  lines.push([T.fuelSurcharge, charges.fuelSurcharge === null ? T.none : formatYen(charges.fuelSurcharge)]);
  return (
    <section aria-label={T.chargesHeading} className="flex flex-col gap-1.5 rounded-md bg-muted px-3 py-2 text-sm">
      <dl className="flex flex-col gap-1" data-testid="charges">
        {lines.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="tabular-nums whitespace-nowrap">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t pt-1">
          <dt className="text-muted-foreground">{T.subtotal}</dt>
          <dd className="tabular-nums whitespace-nowrap">{formatYen(charges.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{T.consumptionTax(charges.taxRate)}</dt>
          <dd className="tabular-nums whitespace-nowrap">{formatYen(charges.consumptionTax)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t pt-1 font-bold">
          <dt>{T.total}</dt>
          <dd className="tabular-nums whitespace-nowrap" data-testid="charges-total">
            {formatYen(charges.total)}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{T.chargesNote}</p>
    </section>
  );
}
