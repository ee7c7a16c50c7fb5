/**
 * The owner's ways to post a request again (decision 107): 「同じ内容で依頼」 (the create form
 * with its contents, a delivery's or a warehouse request's), saving a delivery as a named template, and, while it is carried, whether the
 * shipper hears of each stop's 到着・出発 (stored on the server, per request).
 */
import { type TRequestItemDetail, requestTemplateRoutes, stopTimeRoutes } from '@logi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Save } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { REPEAT_TEXT as T, STOP_NOTICE_TEXT as N } from '../../../texts/request-templates';

/** The create form filled with the request's contents (a warehouse request opens the warehouse form). */
export const repeatPath = (requestItemId: string, type: TRequestItemDetail['type'] = 'DELIVERY') =>
  `/shipping-requests/create?${type === 'WAREHOUSE' ? 'type=warehouse&' : ''}from=${encodeURIComponent(requestItemId)}`;

export function RepeatPanel({ item }: { item: TRequestItemDetail }) {
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (templateName: string) =>
      api.call(requestTemplateRoutes.createTemplate, { body: { name: templateName, requestItemId: item.id } }),
    onSuccess: (template) => {
      toast.success(T.saved(template.name));
      setNaming(false);
      setName('');
      return queryClient.invalidateQueries({ queryKey: ['request-templates'] });
    },
    onError: toastError,
  });
  if (item.type === 'WAREHOUSE') return <WarehouseRepeatPanel item={item} />;
  return (
    <section aria-labelledby="repeat-heading" className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-xs sm:p-5">
      <h2 id="repeat-heading" className="text-base font-bold">
        {T.heading}
      </h2>
      <Button asChild variant="outline">
        <Link to={repeatPath(item.id)}>
          <Copy aria-hidden className="size-4" />
          {T.repeat}
        </Link>
      </Button>
      <p className="text-xs text-muted-foreground">{T.repeatHint}</p>
      {naming ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) save.mutate(name.trim());
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            {T.templateName}
            <Input
              value={name}
              maxLength={50}
              placeholder={T.templateNamePlaceholder}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
            {T.save}
          </Button>
        </form>
      ) : (
        <Button variant="ghost" onClick={() => setNaming(true)}>
          <Save aria-hidden className="size-4" />
          {T.saveAsTemplate}
        </Button>
      )}
      <Link to="/my-page/templates" className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {T.toTemplates}
      </Link>
    </section>
  );
}

/** A warehouse request is repeated only (templates and schedules are deliveries'). */
function WarehouseRepeatPanel({ item }: { item: TRequestItemDetail }) {
  return (
    <section aria-labelledby="repeat-heading" className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-xs sm:p-5">
      <h2 id="repeat-heading" className="text-base font-bold">
        {T.repeat}
      </h2>
      <Button asChild variant="outline">
        <Link to={repeatPath(item.id, item.type)}>
          <Copy aria-hidden className="size-4" />
          {T.repeat}
        </Link>
      </Button>
      <p className="text-xs text-muted-foreground">{T.repeatHintWarehouse}</p>
    </section>
  );
}

/** The per-request mute of the 到着・出発 notices, shown once a carrier has the job. */
export function StopNoticeToggle({ item }: { item: TRequestItemDetail }) {
  const key = ['stop-notifications', item.id];
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(stopTimeRoutes.stopNotifications, { params: { requestItemId: item.id } }, { signal }),
  });
  const change = useMutation({
    mutationFn: (muted: boolean) =>
      api.call(stopTimeRoutes.setStopNotifications, { params: { requestItemId: item.id }, body: { muted } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      toast.success(answer.muted ? N.muted : N.unmuted);
    },
    onError: toastError,
  });
  if (item.type !== 'DELIVERY' || !item.receiverId || item.status === 'COMPLETED' || item.status === 'CANCELLED') return null;
  return (
    <section aria-labelledby="stop-notice-heading" className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-xs sm:p-5">
      <h2 id="stop-notice-heading" className="text-base font-bold">
        {N.heading}
      </h2>
      <label className="flex items-center gap-2 text-sm">
        <Checkbox
          checked={setting.data ? !setting.data.muted : true}
          disabled={!setting.data || change.isPending}
          onCheckedChange={(on) => change.mutate(!on)}
        />
        {N.toggle}
      </label>
      <p className="text-xs text-muted-foreground">{N.hint}</p>
    </section>
  );
}
