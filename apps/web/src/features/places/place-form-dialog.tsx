/**
 * Adding or changing a saved place: the stop's address and contact fields (the contract's
 * checks and messages), its hours and a note for the carrier.
 */
import { Elevator, SUCCESS_MESSAGES, UI_TEXT, ZPlaceBody, type TPlace, type TPlaceBody } from '@logi/contract';
import { PLACES_TEXT as T } from '../../texts/places';
import { REQUEST_CREATE_TEXT as C } from '../../texts/request-create';
import { PROFILE_FIELD_TEXT as F } from '../../texts/sign-up';
import {
  Form,
  FormInput,
  FormPostalCode,
  FormRadio,
  FormTextArea,
  applyFieldErrors,
  enumOptions,
  useFormBusy,
  useZodForm,
} from '../../components/form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ApiError } from '../../lib/api';
import { useCreatePlace, useUpdatePlace } from '../../lib/place-queries';
import { toast } from '../../lib/toast';

const ELEVATOR_OPTIONS = enumOptions(Elevator);

const valuesOf = (place: TPlace | null) => ({
  name: place?.name ?? '',
  postalCode: place?.postalCode ?? '',
  prefecture: place?.prefecture ?? '',
  city: place?.city ?? '',
  town: place?.town ?? '',
  block: place?.block ?? '',
  building: place?.building ?? '',
  contactName: place?.contactName ?? '',
  phone: place?.phone ?? '',
  elevator: place?.elevator ?? undefined,
  hours: place?.hours ?? '',
  note: place?.note ?? '',
});

function Submit() {
  const busy = useFormBusy();
  return (
    <Button type="submit" loading={busy}>
      {T.form.submit}
    </Button>
  );
}

interface PlaceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The place to change; null adds one. */
  place: TPlace | null;
}

export function PlaceFormDialog({ open, onOpenChange, place }: PlaceFormDialogProps) {
  const form = useZodForm(ZPlaceBody, { defaultValues: valuesOf(place) });
  const create = useCreatePlace();
  const update = useUpdatePlace();
  const title = place ? T.form.editTitle : T.form.addTitle;
  const submit = async (body: TPlaceBody) => {
    try {
      if (place) await update.mutateAsync({ placeId: place.id, body });
      else await create.mutateAsync(body);
      toast.success(place ? SUCCESS_MESSAGES.placeUpdated : SUCCESS_MESSAGES.placeSaved);
      onOpenChange(false);
    } catch (error) {
      const details = error instanceof ApiError ? error.details : undefined;
      if (!applyFieldErrors(form, details)) toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{T.form.description}</DialogDescription>
        </DialogHeader>
        <Form form={form} onSubmit={submit} aria-label={title}>
          <FormInput name="name" label={T.form.name} description={T.form.nameHint} required span={12} />
          <FormPostalCode name="postalCode" label={F.postalCode} span={12} />
          <FormInput name="prefecture" label={F.prefecture} required span={4} />
          <FormInput name="city" label={F.city} required span={4} />
          <FormInput name="town" label={F.town} required span={4} />
          <FormInput name="block" label={F.block} required span={6} />
          <FormInput name="building" label={F.building} span={6} />
          <FormInput name="contactName" label={T.form.contactName} span={6} />
          <FormInput name="phone" label={C.stop.phone} description={F.phoneHint} type="tel" inputMode="tel" span={6} />
          <FormRadio name="elevator" label={C.stop.elevator} options={ELEVATOR_OPTIONS} span={12} />
          <FormInput name="hours" label={T.form.hours} description={T.form.hoursHint} span={12} />
          <FormTextArea name="note" label={T.form.note} description={T.form.noteHint} span={12} />
          <DialogFooter className="col-span-12">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {UI_TEXT.common.cancel}
            </Button>
            <Submit />
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
