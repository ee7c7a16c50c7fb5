/**
 * The warehouse request form (spec §5 warehouse creation): where the space is, its
 * conditions and unit price, vehicles that can reach it, images and a message. Submitting
 * opens warehouse-confirm-create, which posts.
 */
import { TemperatureRange, VehicleType } from '@logi/contract';
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { PROFILE_FIELD_TEXT as F } from '../../../texts/sign-up';
import { memo } from 'react';
import { FormInput, FormMultiCheckbox, FormPostalCode, FormRadio, enumOptions, useZodForm } from '../../../components/form';
import { useDialog } from '../../../components/ui/dialog-registry';
import { FormSection } from './form-section';
import { SelectionDeadlineFields } from './selection-deadline-fields';
import { RequestFormFrame } from './request-form-frame';
import { EMPTY_WAREHOUSE, type TWarehouseForm, ZWarehouseForm } from './request-forms';

const VEHICLE_OPTIONS = enumOptions(VehicleType);
const TEMPERATURE_OPTIONS = enumOptions(TemperatureRange);

/** `initial`: a repeated request (decision 107); absent: the empty form. */
export function WarehouseRequestForm({ initial }: { initial?: TWarehouseForm } = {}) {
  const form = useZodForm(ZWarehouseForm, { defaultValues: initial ?? EMPTY_WAREHOUSE });
  const dialog = useDialog();

  return (
    <RequestFormFrame
      form={form}
      label={T.types.WAREHOUSE.label}
      images={{ name: 'imageIds', label: T.warehouseImages }}
      onSubmit={(body, onFailed) => dialog.open('warehouse-confirm-create', { body, onFailed })}
    >
      <WarehouseFields />
    </RequestFormFrame>
  );
}

/** The warehouse form's own sections, a memo without props as the delivery form's are (see there). */
const WarehouseFields = memo(function WarehouseFields() {
  return (
    <>
      <FormSection title={T.sections.warehouseLocation}>
        <FormPostalCode name="postalCode" label={F.postalCode} span={12} />
        <FormInput name="prefecture" label={F.prefecture} required span={4} />
        <FormInput name="city" label={F.city} required span={4} />
        <FormInput name="town" label={F.town} required span={4} />
        <FormInput name="block" label={F.block} required span={6} />
        <FormInput name="building" label={F.building} span={6} />
      </FormSection>

      <FormSection title={T.sections.warehouse}>
        <FormRadio name="roomTemperatureRange" label={T.roomTemperature} required options={TEMPERATURE_OPTIONS} span={12} />
        <FormInput name="acreage" label={T.acreage} type="number" inputMode="decimal" suffix={T.tsubo} required span={4} />
        <FormInput
          name="requestAmount"
          label={T.requestAmount}
          type="number"
          inputMode="numeric"
          suffix={T.pieces}
          required
          span={4}
        />
        <FormInput name="price" label={T.unitPrice} type="number" inputMode="numeric" suffix={T.yen} required span={4} />
        <FormMultiCheckbox name="vehicleTypes" label={T.vehicleTypes} options={VEHICLE_OPTIONS} span={12} />
      </FormSection>

      <SelectionDeadlineFields />
    </>
  );
});
