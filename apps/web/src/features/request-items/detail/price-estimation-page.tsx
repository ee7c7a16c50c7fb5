/** /shipping-requests/detail/{id}/price-estimation: the carrier's bid, confirmed in a dialog. */
import { REQUEST_ITEM_TEXT, ZRequestPriceBody } from '@logi/contract';
import { REQUEST_DETAIL_TEXT as T, TRANSPORT_CONDITIONS_TEXT as C } from '../../../texts/request-items';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { Form, FormInput, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { useDialog } from '../../../components/ui/dialog-registry';
import { Notice, PagePanel } from '../../../components/ui/page-panel';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { RequestSummary } from '../../../components/request-item';
import { requestDetailQuery } from './queries';
import { type BidFormValues, LiveFareShare } from './live-fare-share';
import { FAIR_PRICE_WEB_TEXT as F } from '../../../texts/fair-price';
import type { Control } from 'react-hook-form';

const ZBidForm = z.lazy(() =>
  ZRequestPriceBody.unwrap().pick({ price: true, incidentalCharge: true, fuelSurcharge: true, distanceKm: true }),
);

export function PriceEstimationPage() {
  const { id = '' } = useParams();
  // Only signed-in carriers reach this page (route guard): the private detail.
  const detail = useQuery(requestDetailQuery(id, true));
  const dialog = useDialog();
  const form = useZodForm(ZBidForm);
  const item = detail.data;
  const canBid = item?.price.priceType === 'ESTIMATION';
  // Charges belong to a delivery; a 附帯業務 charge only where the request asks for 附帯業務 (chargesOf).
  const delivery = item?.deliveryItem ?? null;
  const asksIncidentalWork = (delivery?.incidentalWork.length ?? 0) > 0;

  return (
    <PagePanel title={T.priceEstimation.title} description={T.priceEstimation.description}>
      {!item ? (
        <SkeletonRows rows={2} rowClassName="h-20" />
      ) : (
        <>
          <RequestSummary item={item} titleAs="h2" />
          {canBid ? (
            <Form
              form={form}
              aria-label={T.priceEstimation.title}
              onSubmit={({ price, incidentalCharge, fuelSurcharge, distanceKm }) =>
                dialog.open('price-estimation-confirm-create', {
                  requestItemId: item.id,
                  requestType: item.type,
                  way: 'bid',
                  price,
                  charges: { incidentalCharge, fuelSurcharge, distanceKm },
                  conditions: item.deliveryItem ?? undefined,
                  standardFare: distanceKm === undefined ? item.standardFare : undefined,
                })
              }
            >
              <FormInput
                name="price"
                type="number"
                inputMode="numeric"
                required
                label={T.priceEstimation.price}
                placeholder={T.priceEstimation.pricePlaceholder}
                suffix={REQUEST_ITEM_TEXT.yenUnit}
              />
              {delivery && (
                <>
                  <p className="col-span-12 -mb-2 text-sm font-medium">{C.bidCharges}</p>
                  <p className="col-span-12 -mt-3 text-xs text-muted-foreground">{C.bidChargesHint}</p>
                  {asksIncidentalWork && (
                    <FormInput
                      name="incidentalCharge"
                      type="number"
                      inputMode="numeric"
                      label={C.incidentalCharge}
                      suffix={REQUEST_ITEM_TEXT.yenUnit}
                      span={6}
                    />
                  )}
                  <FormInput
                    name="fuelSurcharge"
                    type="number"
                    inputMode="numeric"
                    label={C.fuelSurcharge}
                    suffix={REQUEST_ITEM_TEXT.yenUnit}
                    span={asksIncidentalWork ? 6 : 12}
                  />
                  <FormInput
                    name="distanceKm"
                    type="number"
                    inputMode="decimal"
                    label={F.bid.distance}
                    description={F.bid.distanceHint}
                    suffix="km"
                  />
                  {item.standardFare && (
                    <LiveFareShare
                      control={form.control as unknown as Control<BidFormValues>}
                      requestItemId={item.id}
                      delivery={delivery}
                      standardFare={item.standardFare}
                    />
                  )}
                </>
              )}
              <Button type="submit" size="lg" className="col-span-12">
                {T.priceEstimation.submit}
              </Button>
            </Form>
          ) : (
            <Notice>{T.priceEstimation.notEstimation}</Notice>
          )}
        </>
      )}
      <Link
        to={`/shipping-requests/detail/${id}`}
        className="text-center text-sm text-primary underline-offset-4 hover:underline"
      >
        {T.priceEstimation.backToDetail}
      </Link>
    </PagePanel>
  );
}
