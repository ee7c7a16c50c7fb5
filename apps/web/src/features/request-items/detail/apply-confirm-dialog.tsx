/**
 * The confirm dialog of applying (modal id `price-estimation-confirm-create`): a bid from the
 * price-estimation page, or the fixed-price application from the detail page. It closes whether
 * the call succeeded or failed (spec §8); on success it toasts 依頼を荷主様へ送信しました。 and
 * goes to /shipping-requests/applied/{delivery|warehouse}; a failure shows the server's message.
 */
import {
  REQUEST_ITEM_TEXT,
  SUCCESS_MESSAGES,
  type TDeliveryItem,
  type TRequestType,
  type TStandardFareFigure,
  UI_TEXT,
  chargesOf,
  shareOfStandardFare,
} from '@logi/contract';
import { FAIR_PRICE_WEB_TEXT as F } from '../../../texts/fair-price';
import { REQUEST_DETAIL_TEXT as T } from '../../../texts/request-items';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import type { RegisteredDialogProps } from '../../../components/ui/dialog-registry';
import { formatYen } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ChargesBreakdown } from '../../../components/request-item';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';
import { type ApplyWay, type BidCharges, applyCall } from './queries';

export interface ApplyConfirmProps {
  requestItemId: string;
  requestType: TRequestType;
  way: ApplyWay;
  /** The bid, or the listed price of a fixed-price application (yen). */
  price: number;
  /** The listed price is a warehouse's unit price (shown as 単価 1,234円). */
  perUnit?: boolean;
  charges?: BidCharges;
  /** A delivery's conditions: the charges a bid leaves blank, and whether 附帯業務 is asked. */
  conditions?: Pick<TDeliveryItem, 'incidentalWork' | 'incidentalCharge' | 'fuelSurcharge' | 'transports'>;
  /** The request's standard fare: the bid is shown as a share of it (a bid at its own distance is measured by the server). */
  standardFare?: TStandardFareFigure;
}

declare module '../../../components/ui/dialog-registry' {
  interface ModalPropsMap {
    'price-estimation-confirm-create': ApplyConfirmProps;
  }
}

export function ApplyConfirmDialog({
  open,
  onOpenChange,
  close,
  requestItemId,
  requestType,
  way,
  price,
  perUnit = false,
  charges,
  conditions,
  standardFare,
}: RegisteredDialogProps & ApplyConfirmProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const apply = useMutation({
    mutationFn: () => applyCall(way, requestItemId, price, charges),
    onSuccess: () => {
      toast.success(SUCCESS_MESSAGES.sentToShipper);
      void navigate(`/shipping-requests/applied/${requestType.toLowerCase()}`);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: REQUEST_ITEMS_KEY });
      close();
    },
  });

  // A delivery: what the carrier will be paid, the fare with its charges (a bid's own over the request's).
  const total = conditions && chargesOf(price, charges ?? {}, conditions);
  const percent = total && shareOfStandardFare(total.subtotal, standardFare);
  return (
    <Dialog open={open} onOpenChange={(next) => !apply.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{way === 'bid' ? T.confirm.bidTitle : T.confirm.fixedTitle}</DialogTitle>
          <DialogDescription>
            {total
              ? T.confirm.descriptionTotal(formatYen(total.total))
              : T.confirm.description(perUnit ? REQUEST_ITEM_TEXT.perUnit(formatYen(price)) : formatYen(price))}
          </DialogDescription>
        </DialogHeader>
        {total && conditions && <ChargesBreakdown charges={total} hasIncidentalWork={conditions.incidentalWork.length > 0} />}
        {percent !== null && percent !== undefined && (
          <p className="text-sm font-bold tabular-nums" data-testid="confirm-fare-share" title={F.shareBasis}>
            {F.share(percent)}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={apply.isPending}>
            {UI_TEXT.common.cancel}
          </Button>
          <Button onClick={() => apply.mutate()} loading={apply.isPending}>
            {way === 'bid' ? T.confirm.bidSubmit : T.confirm.fixedSubmit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
