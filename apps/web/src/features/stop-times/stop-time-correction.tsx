/**
 * A mistaken stop time corrected with its reason (decision 085): the carrier's form, and the
 * history both sides read — the time that was tapped, each change and why. The times are Japan's
 * clock, as the app shows every time.
 */
import {
  FIELD_MESSAGES,
  STOP_TIMES_TEXT as T,
  StopTimeEvent,
  type TStopTimeEvent,
  type TStopTimes,
  ZStopTimeCorrectionBody,
  stopTimeRoutes,
} from '@logi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Form, FormField, FormInput, FormRadio, useZodForm } from '../../components/form';
import { useFormMethods } from '../../components/form/form';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { api } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { stopTimesQuery } from './stop-times-query';

export const AT: Record<TStopTimeEvent, 'arrivedAt' | 'loadingStartedAt' | 'loadingFinishedAt' | 'departedAt'> = {
  ARRIVED: 'arrivedAt',
  LOADING_STARTED: 'loadingStartedAt',
  LOADING_FINISHED: 'loadingFinishedAt',
  DEPARTED: 'departedAt',
};

/** A datetime-local value (Japan's clock) and back. */
const JAPAN_LOCAL = "yyyy-MM-dd'T'HH:mm";
const fromJapanLocal = (value: string) => `${value}:00+09:00`;

const ZCorrectionForm = z.lazy(() => {
  const body = ZStopTimeCorrectionBody.unwrap().shape;
  return z
    .object({
      event: body.event,
      time: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, FIELD_MESSAGES.datetime),
      reason: body.reason,
    })
    .transform(({ time, ...rest }) => ({ ...rest, occurredAt: fromJapanLocal(time) }));
});
type TCorrectionForm = z.input<typeof ZCorrectionForm>;

/** The time field: the browser's own date and time control. */
function TimeField() {
  const { register } = useFormMethods<TCorrectionForm>();
  return (
    <FormField name="time" label={T.correctTime} required span={6}>
      {(control) => <Input {...control} {...register('time')} type="datetime-local" />}
    </FormField>
  );
}

function CorrectionForm({ requestItemId, stop, onDone }: { requestItemId: string; stop: TStopTimes; onDone: () => void }) {
  const queryClient = useQueryClient();
  const recorded = StopTimeEvent.values.filter((e) => stop[AT[e]] !== null);
  const last = recorded.at(-1)!;
  const form = useZodForm(ZCorrectionForm, {
    defaultValues: { event: last, time: formatDate(stop[AT[last]]!, JAPAN_LOCAL), reason: '' },
  });
  const correct = useMutation({
    mutationFn: (body: z.output<typeof ZCorrectionForm>) =>
      api.call(stopTimeRoutes.correctStopTime, { params: { requestItemId }, body: { ...body, stopId: stop.stopId } }),
    onSuccess: (times) => {
      queryClient.setQueryData(stopTimesQuery(requestItemId).queryKey, times);
      toast.success(T.corrected);
      onDone();
    },
  });
  return (
    <Form
      form={form}
      onSubmit={(body) => correct.mutateAsync(body).catch(() => undefined)}
      aria-label={T.correct}
      className="rounded-md border p-3"
    >
      <p className="col-span-12 text-sm text-muted-foreground">{T.correctDescription}</p>
      <FormRadio
        name="event"
        label={T.correctEvent}
        required
        options={recorded.map((e) => ({ value: e, label: StopTimeEvent.labels[e] }))}
        span={12}
      />
      <TimeField />
      <FormInput name="reason" label={T.correctReason} placeholder={T.correctReasonPlaceholder} required span={12} />
      <div className="col-span-12 flex gap-2">
        <Button type="submit" loading={correct.isPending}>
          {T.correctSubmit}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {T.correctCancel}
        </Button>
      </div>
    </Form>
  );
}

/** The carrier's way to correct a recorded time of the stop: shown once a step is recorded. */
export function CorrectStopTime({ requestItemId, stop }: { requestItemId: string; stop: TStopTimes }) {
  const [open, setOpen] = useState(false);
  if (!StopTimeEvent.values.some((e) => stop[AT[e]] !== null)) return null;
  return open ? (
    <CorrectionForm requestItemId={requestItemId} stop={stop} onDone={() => setOpen(false)} />
  ) : (
    <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
      {T.correct}
    </Button>
  );
}

/** What was tapped and each change, oldest first, with its reason: read by both sides. */
export function CorrectionHistory({ corrections }: { corrections: TStopTimes['corrections'] }) {
  if (corrections.length === 0) return null;
  return (
    <section aria-label={T.correctionsHeading} className="flex flex-col gap-1 rounded-md bg-muted px-3 py-2 text-sm">
      <h4 className="flex items-center gap-1.5 font-bold">
        <History aria-hidden className="size-4" />
        {T.correctionsHeading}
      </h4>
      <ol className="flex flex-col gap-1">
        {corrections.map((c) => (
          <li key={`${c.event}-${c.correctedAt}`} data-testid="stop-time-correction">
            <span>{T.correction(StopTimeEvent.labels[c.event], formatDateTime(c.fromAt), formatDateTime(c.toAt))}</span>
            <span className="block text-muted-foreground">{T.correctionReason(c.reason, formatDateTime(c.correctedAt))}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
