/**
 * The confirm dialogs of posting (modal ids delivery-confirm-create and
 * warehouse-confirm-create): what will be posted, then POST /request-items/deliveries or
 * /warehouses and on to /shipping-requests/create/success. A refusal is toasted and the
 * dialog closes onto the form, which still holds everything entered.
 */
import {
  REQUEST_ITEM_TEXT as R,
  chargesOf,
  TemperatureRange,
  VehicleType,
  requestItemRoutes,
  temperatureZoneText,
  type TCreateDeliveryBody,
  type TCreateWarehouseBody,
  type TTransportStop,
} from '@logi/contract';
import { FAIR_PRICE_WEB_TEXT as F } from '../../../texts/fair-price';
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { TRANSPORT_CONDITIONS_TEXT as C } from '../../../texts/request-items';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import type { RegisteredDialogProps } from '../../../components/ui/dialog-registry';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { formatDateTime, formatYen } from '../../../lib/format';
import {
  ChargesBreakdown,
  FactList,
  conditionFacts,
  TransportStops,
  formatAddress,
  formatKg,
  formatPieces,
  formatPostalCode,
  formatTsubo,
} from '../../../components/request-item';
import { REQUEST_ITEMS_KEY } from '../../../lib/request-item-queries';

interface ConfirmProps<B> {
  body: B;
  /** Told of a refusal so that the form can put field errors under its fields. */
  onFailed?: (error: unknown) => void;
}

declare module '../../../components/ui/dialog-registry' {
  interface ModalPropsMap {
    'delivery-confirm-create': ConfirmProps<TCreateDeliveryBody> & { stopLabels: string[] };
    'warehouse-confirm-create': ConfirmProps<TCreateWarehouseBody>;
  }
}

/** Posts on confirm; success goes to the success page, a failure closes onto the form. */
function usePost(
  type: 'delivery' | 'warehouse',
  post: () => Promise<{ id: string }>,
  close: () => void,
  onFailed?: (e: unknown) => void,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      const created = await post();
      void queryClient.invalidateQueries({ queryKey: REQUEST_ITEMS_KEY });
      close();
      void navigate(`/shipping-requests/create/success?type=${type}&id=${encodeURIComponent(created.id)}`);
    } catch (error) {
      toastError(error);
      onFailed?.(error);
      close();
    }
  };
  return { pending, confirm };
}

function ConfirmFrame({
  title,
  open,
  onOpenChange,
  close,
  pending,
  confirm,
  children,
}: RegisteredDialogProps & { title: string; pending: boolean; confirm: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent size="lg" className="gap-5! p-4! sm:p-6!">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{T.confirm.description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-5">{children}</div>
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={pending}>
            {T.confirm.back}
          </Button>
          <Button onClick={confirm} loading={pending}>
            {T.confirm.submit}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-sm font-bold">{title}</h3>
      {children}
    </section>
  );
}

/** Until when applicants are chosen, or that the request stays open until one is approved. */
function SelectionDeadlinePart({ deadline }: { deadline: string | undefined }) {
  return (
    <Part title={R.selectionDeadline}>
      <p className="text-sm">{deadline ? formatDateTime(deadline) : T.confirm.noSelectionDeadline}</p>
    </Part>
  );
}

const optional = <T,>(value: T | undefined, show: (v: T) => string) => (value === undefined ? undefined : show(value));

export function DeliveryConfirmCreateDialog({
  body,
  stopLabels,
  onFailed,
  ...dialog
}: RegisteredDialogProps & ConfirmProps<TCreateDeliveryBody> & { stopLabels: string[] }) {
  const { pending, confirm } = usePost(
    'delivery',
    () => api.call(requestItemRoutes.createDelivery, { body }),
    dialog.close,
    onFailed,
  );
  // The stops as the detail page shows them, so the customer sees the route as drivers will.
  const stops: TTransportStop[] = body.transports.map((s, i) => ({
    id: String(i),
    position: i,
    transportType: s.transportType,
    label: stopLabels[i] ?? '',
    location: { ...s, postalCode: s.postalCode ?? null, building: s.building ?? null },
    name: s.name ?? null,
    phone: s.phone ?? null,
    timeFrom: s.timeFrom,
    timeTo: s.timeTo,
    elevator: s.elevator,
  }));
  return (
    <ConfirmFrame title={T.confirm.deliveryTitle} pending={pending} confirm={confirm} {...dialog}>
      <Part title={T.sections.route}>
        <TransportStops stops={stops} />
      </Part>
      <Part title={T.sections.baggage}>
        <FactList
          facts={[
            [T.vehicleType, VehicleType.labels[body.vehicleType]],
            [
              T.temperature,
              temperatureZoneText(body.vehicleTemperatureRange, {
                temperatureMin: body.temperatureMin ?? null,
                temperatureMax: body.temperatureMax ?? null,
              }),
            ],
            [T.baggageName, body.baggageName],
            [T.material, body.material],
            [T.totalWeight, formatKg(body.totalWeight)],
            [F.distance.fact, optional(body.distanceKm, F.distance.value)],
            [T.weight, optional(body.weight, formatKg)],
            [T.totalAmount, optional(body.totalAmount, formatPieces)],
            [T.size, body.size],
            [T.price, body.price === undefined ? T.confirm.priceEstimation : formatYen(body.price)],
            [T.images, T.confirm.images(body.luggageImageIds?.length ?? 0)],
            [T.message, body.message],
          ]}
        />
      </Part>
      <Part title={C.heading}>
        <FactList
          facts={conditionFacts({
            incidentalWork: body.incidentalWork ?? [],
            incidentalCharge: body.incidentalCharge ?? null,
            waitingChargePer30Min: body.waitingChargePer30Min ?? null,
            // None sent: nothing agreed (定めなし), as the server stores it.
            tollsPaidBy: body.tollsPaidBy ?? null,
            fuelSurcharge: body.fuelSurcharge ?? null,
            paymentTerms: body.paymentTerms ?? null,
          })}
        />
        {/* A fixed price is what the customer agrees to pay: the fare with its charges, and the total. */}
        {body.price !== undefined && (
          <ChargesBreakdown
            charges={chargesOf(body.price, {}, { ...body, incidentalWork: body.incidentalWork ?? [] })}
            hasIncidentalWork={(body.incidentalWork?.length ?? 0) > 0}
          />
        )}
      </Part>
      <SelectionDeadlinePart deadline={body.selectionDeadline} />
    </ConfirmFrame>
  );
}

export function WarehouseConfirmCreateDialog({
  body,
  onFailed,
  ...dialog
}: RegisteredDialogProps & ConfirmProps<TCreateWarehouseBody>) {
  const { pending, confirm } = usePost(
    'warehouse',
    () => api.call(requestItemRoutes.createWarehouse, { body }),
    dialog.close,
    onFailed,
  );
  const vehicles = body.vehicleTypes?.map((v) => VehicleType.labels[v]).join('、');
  return (
    <ConfirmFrame title={T.confirm.warehouseTitle} pending={pending} confirm={confirm} {...dialog}>
      <Part title={T.sections.warehouse}>
        <FactList
          facts={[
            [
              T.sections.warehouseLocation,
              [
                formatPostalCode(body.postalCode ?? null),
                formatAddress({ ...body, postalCode: null, building: body.building ?? null }),
              ]
                .filter(Boolean)
                .join(' '),
            ],
            [T.roomTemperature, TemperatureRange.labels[body.roomTemperatureRange]],
            [T.acreage, formatTsubo(body.acreage)],
            [T.requestAmount, formatPieces(body.requestAmount)],
            [T.unitPrice, formatYen(body.price)],
            [T.vehicleTypes, vehicles || T.confirm.none],
            [T.images, T.confirm.images(body.imageIds?.length ?? 0)],
            [T.message, body.message],
          ]}
        />
      </Part>
      <SelectionDeadlinePart deadline={body.selectionDeadline} />
    </ConfirmFrame>
  );
}
