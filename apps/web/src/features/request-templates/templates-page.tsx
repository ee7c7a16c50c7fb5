/**
 * /my-page/templates (customer): the shipper's templates — start a request from one, rename,
 * delete — and each one's schedule (定期便): weekdays, every N weeks, the pickup time, the dates,
 * public holidays skipped or moved, how many days ahead it is posted; then what is coming, where
 * one occurrence may be skipped or given another pickup time (decision 107).
 */
import {
  type THolidayPolicy,
  type TRequestTemplate,
  type TScheduleBody,
  type TScheduleOccurrence,
  requestTemplateRoutes as r,
} from '@logi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Copy, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { PagePanel } from '../../components/ui/page-panel';
import { api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { formatDate, formatTime, todayInJapan } from '../../lib/format';
import { toast } from '../../lib/toast';
import { TEMPLATES_TEXT as T } from '../../texts/request-templates';

const S = T.schedule;
const KEY = ['request-templates'];
const dayLabel = (day: string) => formatDate(day, 'M月d日（E）');

function useTemplates() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.call(r.listTemplates, {}, { signal }) });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function TemplatesPage() {
  const templates = useTemplates();
  return (
    <PagePanel title={T.title} description={T.description} width="wide">
      {templates.data?.items.length === 0 && <p className="text-sm text-muted-foreground">{T.empty}</p>}
      <ul className="flex flex-col gap-4">
        {templates.data?.items.map((t) => (
          <li key={t.id}>
            <TemplateCard template={t} />
          </li>
        ))}
      </ul>
    </PagePanel>
  );
}

function TemplateCard({ template }: { template: TRequestTemplate }) {
  const refresh = useRefresh();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(template.name);
  const [scheduling, setScheduling] = useState(false);
  const rename = useMutation({
    mutationFn: () => api.call(r.renameTemplate, { params: { templateId: template.id }, body: { name: name.trim() } }),
    onSuccess: () => {
      toast.success(T.renamed);
      setRenaming(false);
      return refresh();
    },
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: () => api.call(r.deleteTemplate, { params: { templateId: template.id } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      return refresh();
    },
    onError: toastError,
  });
  const stops = template.body.transports ?? [];
  const first = stops.find((s) => s.transportType === 'PICKUP');
  const last = [...stops].reverse().find((s) => s.transportType === 'DELIVERY');
  const headingId = `template-${template.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-bold">
            {template.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            {T.summary(
              template.body.baggageName,
              `${first?.prefecture ?? ''}${first?.city ?? ''}`,
              `${last?.prefecture ?? ''}${last?.city ?? ''}`,
            )}
          </p>
        </div>
        <Button asChild size="sm">
          <Link to={`/shipping-requests/create?template=${encodeURIComponent(template.id)}`}>
            <Copy aria-hidden className="size-4" />
            {T.startRequest}
          </Link>
        </Button>
      </div>
      {renaming ? (
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) rename.mutate();
          }}
        >
          <Input aria-label={T.rename} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
          <Button type="submit" loading={rename.isPending} disabled={!name.trim()}>
            {T.renameSave}
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setRenaming(true)}>
            <Pencil aria-hidden className="size-4" />
            {T.rename}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setScheduling((v) => !v)} aria-expanded={scheduling}>
            <CalendarClock aria-hidden className="size-4" />
            {S.edit}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm(T.deleteConfirm(template.name))) remove.mutate();
            }}
          >
            <Trash2 aria-hidden className="size-4" />
            {T.delete}
          </Button>
        </div>
      )}
      {scheduling && <ScheduleForm template={template} onSaved={() => setScheduling(false)} />}
      <ScheduleView template={template} />
    </section>
  );
}

function ScheduleForm({ template, onSaved }: { template: TRequestTemplate; onSaved: () => void }) {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const s = template.schedule;
  const firstPickup = template.body.transports?.find((x) => x.transportType === 'PICKUP');
  const [value, setValue] = useState<TScheduleBody>({
    weekdays: s?.weekdays ?? [1],
    everyNWeeks: s?.everyNWeeks ?? 1,
    pickupTime: s?.pickupTime ?? (firstPickup ? formatTime(firstPickup.timeFrom) : '09:00'),
    startDate: s?.startDate ?? todayInJapan(),
    endDate: s?.endDate ?? null,
    holidayPolicy: s?.holidayPolicy ?? 'SKIP',
    leadDays: s?.leadDays ?? 3,
  });
  const set = (patch: Partial<TScheduleBody>) => setValue((v) => ({ ...v, ...patch }));
  const save = useMutation({
    mutationFn: () => api.call(r.setSchedule, { params: { templateId: template.id }, body: value }),
    onSuccess: (view) => {
      toast.success(S.saved);
      queryClient.setQueryData(['request-template-schedule', template.id], view);
      onSaved();
      return refresh();
    },
    onError: toastError,
  });
  const id = (name: string) => `${template.id}-${name}`;
  return (
    <form
      aria-label={S.edit}
      className="grid gap-3 rounded-md border bg-muted/30 p-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">{S.weekdays}</legend>
        <div className="flex flex-wrap gap-3">
          {S.weekdayNames.map((label, day) => (
            <label key={label} className="flex items-center gap-1 text-sm">
              <Checkbox
                checked={value.weekdays.includes(day)}
                onCheckedChange={(on) =>
                  set({ weekdays: on ? [...value.weekdays, day].sort() : value.weekdays.filter((d) => d !== day) })
                }
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={id('every')}>
        {S.everyNWeeks}
        <select
          id={id('every')}
          className="h-10 rounded-md border bg-card px-2"
          value={value.everyNWeeks}
          onChange={(e) => set({ everyNWeeks: Number(e.target.value) })}
        >
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {S.everyNWeeksOption(n)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {S.pickupTime}
        <Input type="time" value={value.pickupTime} onChange={(e) => set({ pickupTime: e.target.value })} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {S.startDate}
        <Input type="date" value={value.startDate} onChange={(e) => set({ startDate: e.target.value })} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {S.endDate}
        <Input type="date" value={value.endDate ?? ''} onChange={(e) => set({ endDate: e.target.value || null })} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={id('holiday')}>
        {S.holidayPolicy}
        <select
          id={id('holiday')}
          className="h-10 rounded-md border bg-card px-2"
          value={value.holidayPolicy}
          onChange={(e) => set({ holidayPolicy: e.target.value as THolidayPolicy })}
        >
          {(['SKIP', 'NEXT_WORKING_DAY'] as const).map((p) => (
            <option key={p} value={p}>
              {S.holidayPolicies[p]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={id('lead')}>
        {S.leadDays}
        <select
          id={id('lead')}
          className="h-10 rounded-md border bg-card px-2"
          value={value.leadDays}
          onChange={(e) => set({ leadDays: Number(e.target.value) })}
        >
          {[1, 2, 3, 4, 5, 7, 10, 14].map((n) => (
            <option key={n} value={n}>
              {S.leadDaysOption(n)}
            </option>
          ))}
        </select>
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" loading={save.isPending} disabled={value.weekdays.length === 0}>
          {S.save}
        </Button>
      </div>
    </form>
  );
}

function ScheduleView({ template }: { template: TRequestTemplate }) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const key = ['request-template-schedule', template.id];
  const view = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(r.schedule, { params: { templateId: template.id } }, { signal }),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  const stop = useMutation({
    mutationFn: () => api.call(r.stopSchedule, { params: { templateId: template.id } }),
    onSuccess: (answer) => {
      toast.success(S.stopped);
      queryClient.setQueryData(key, answer);
      return refresh();
    },
    onError: toastError,
  });
  const s = view.data?.schedule;
  if (!view.data) return null;
  if (!s) return <p className="text-sm text-muted-foreground">{S.none}</p>;
  const weekdays = s.weekdays.map((d) => S.weekdayNames[d]).join('・');
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-bold">{S.heading}</h3>
      <p className="text-sm" data-testid="schedule-summary">
        {s.active ? S.active(weekdays, S.everyNWeeksOption(s.everyNWeeks), s.pickupTime) : S.inactive}
      </p>
      {s.active && (
        <>
          <h4 className="text-sm font-medium">{S.upcoming}</h4>
          {view.data.upcoming.length === 0 ? (
            <p className="text-sm text-muted-foreground">{S.noUpcoming}</p>
          ) : (
            <ul aria-label={S.upcoming} className="flex flex-col divide-y rounded-md border">
              {view.data.upcoming.map((o) => (
                <Occurrence key={o.date} templateId={template.id} occurrence={o} onChanged={reload} />
              ))}
            </ul>
          )}
          <Button variant="ghost" size="sm" className="self-start" loading={stop.isPending} onClick={() => stop.mutate()}>
            {S.stop}
          </Button>
        </>
      )}
      {view.data.recent.length > 0 && (
        <>
          <h4 className="text-sm font-medium">{S.recent}</h4>
          <ul className="flex flex-col divide-y rounded-md border">
            {view.data.recent.map((o) => (
              <Occurrence key={o.date} templateId={template.id} occurrence={o} onChanged={reload} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Occurrence({
  templateId,
  occurrence: o,
  onChanged,
}: {
  templateId: string;
  occurrence: TScheduleOccurrence;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [time, setTime] = useState(formatTime(o.pickupAt));
  const params = { templateId, date: o.date };
  // A refusal is read again: the posting job (or the shipper on another screen) may have decided
  // the occurrence meanwhile, which the list then shows instead of its stale buttons.
  const onError = (e: unknown) => {
    toastError(e);
    onChanged();
  };
  const skip = useMutation({
    mutationFn: () => api.call(r.skipOccurrence, { params }),
    onSuccess: () => {
      toast.success(S.skipped);
      onChanged();
    },
    onError,
  });
  const edit = useMutation({
    mutationFn: () => api.call(r.editOccurrence, { params, body: { pickupTime: time } }),
    onSuccess: () => {
      toast.success(S.edited);
      setEditing(false);
      onChanged();
    },
    onError,
  });
  const changeable = o.status === 'PLANNED';
  return (
    <li className="flex flex-col gap-1 px-3 py-2 text-sm" data-testid="occurrence">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">
          {dayLabel(o.date)} {formatTime(o.pickupAt)}
        </span>
        <span className={o.status === 'SKIPPED' ? 'text-muted-foreground' : 'text-primary'}>
          {o.skipReason ? S.skipReasons[o.skipReason] : S.status[o.status]}
        </span>
        {o.movedFrom && <span className="text-xs text-muted-foreground">{S.movedFrom(dayLabel(o.movedFrom))}</span>}
        {changeable && <span className="text-xs text-muted-foreground">{S.postOn(dayLabel(o.postOn))}</span>}
        {o.requestItemId && (
          <Link
            className="text-primary underline-offset-4 hover:underline"
            to={`/shipping-requests/my-items/detail/${o.requestItemId}`}
          >
            {S.openPosted}
          </Link>
        )}
        {changeable && (
          <span className="ml-auto flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => setEditing((v) => !v)}>
              {S.editOne}
            </Button>
            <Button variant="ghost" size="sm" loading={skip.isPending} onClick={() => skip.mutate()}>
              {S.skip}
            </Button>
          </span>
        )}
      </div>
      {editing && (
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            edit.mutate();
          }}
        >
          <label className="flex flex-col gap-1 text-xs font-medium">
            {S.editTime}
            <Input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
          </label>
          <Button type="submit" size="sm" loading={edit.isPending}>
            {S.editSave}
          </Button>
        </form>
      )}
    </li>
  );
}
