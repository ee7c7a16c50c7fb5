/**
 * /dashboard/notifications (the sent announcements, with keyword search),
 * notifications/create (title, message, target roles, attachments; a preview; then the
 * broadcast) and notifications/{id} (attachments, recipients, how many have read it).
 */
import { BROADCAST_TARGET_ROLES, Role, type TBroadcastBody, type TSystemNotification, ZBroadcastBody } from '@logi/contract';
import { DASHBOARD_TEXT } from '../../../texts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormInput, FormInputFile, FormMultiCheckbox, FormTextArea, useZodForm } from '../../../components/form';
import { Button, buttonVariants } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { DataList, type ListColumn, type ListFilter } from '../list-kit/data-list';
import { useListParams } from '../list-kit/use-list-params';
import { Fields, Loading, TextLink, dateTimeOrNone } from '../parts';
import { fetchSystemNotifications, systemNotificationQuery, systemNotificationsQuery, useBroadcast } from '../queries';
import { FileLinks } from '../requests/request-parts';

const N = DASHBOARD_TEXT.notifications;
/** The roles a broadcast went to; a message to one account says so (the welcome notice had an empty cell). */
const targets = (n: Pick<TSystemNotification, 'targetRoles' | 'senderId'>) =>
  n.targetRoles
    ? n.targetRoles.map((r) => Role.labels[r as keyof typeof Role.labels]).join('・')
    : n.senderId
      ? N.targetOne
      : N.targetOneAutomatic;

const columns: ListColumn<TSystemNotification>[] = [
  {
    id: 'title',
    header: N.title,
    cell: (n) => <TextLink to={`/dashboard/notifications/${n.id}`}>{n.title}</TextLink>,
    csv: (n) => n.title,
    wraps: true,
  },
  { id: 'targets', header: N.targetRoles, cell: (n) => targets(n), csv: (n) => targets(n) },
  { id: 'recipients', header: N.recipients, cell: (n) => n.recipientCount, csv: (n) => n.recipientCount },
  {
    id: 'read',
    header: N.read,
    cell: (n) => `${n.readCount}（${N.readRate(n.readCount, n.recipientCount)}）`,
    csv: (n) => n.readCount,
  },
  { id: 'attachments', header: N.attachments, cell: (n) => n.fileIds.length || '', csv: (n) => n.fileIds.length },
  { id: 'sentAt', header: N.sentAt, cell: (n) => dateTimeOrNone(n.createdAt), csv: (n) => dateTimeOrNone(n.createdAt) },
];

const KEYS = ['keyword'] as const;
const filters: ListFilter<'keyword'>[] = [
  { kind: 'keyword', key: 'keyword', placeholder: DASHBOARD_TEXT.list.notificationKeywordPlaceholder },
];

export function DashboardNotificationsPage() {
  const { page, filters: values, setPage, setFilters } = useListParams(KEYS);
  const result = useQuery(systemNotificationsQuery(values.keyword, page));
  return (
    <DataList
      label="通知履歴"
      columns={columns}
      rowKey={(n) => n.id}
      result={result}
      onPageChange={setPage}
      filters={filters}
      values={values}
      onFiltersChange={setFilters}
      fetchPage={(p, limit) => fetchSystemNotifications(values.keyword, p, limit)}
      actions={
        <Link to="/dashboard/notifications/create" className={buttonVariants()}>
          <Plus aria-hidden />
          {N.create}
        </Link>
      }
    />
  );
}

const roleOptions = BROADCAST_TARGET_ROLES.map((role) => ({ value: role, label: Role.labels[role] }));

/** What a recipient will see: the title, the message as written, and the attachments' names. */
function Preview({ body, fileNames }: { body: TBroadcastBody; fileNames: number }) {
  return (
    <section aria-label={N.preview} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <p className="text-xs text-muted-foreground">{N.previewNote}</p>
      <Fields
        items={[
          [N.targetRoles, targets({ targetRoles: body.targetRoles, senderId: 'preview' })],
          [N.title, <strong key="t">{body.title}</strong>],
          [
            N.message,
            <span key="m" className="whitespace-pre-wrap">
              {body.message}
            </span>,
          ],
          [N.attachments, fileNames ? `${fileNames}件` : N.noAttachments],
        ]}
      />
    </section>
  );
}

export function DashboardNotificationCreatePage() {
  const form = useZodForm(ZBroadcastBody, { defaultValues: { targetRoles: [], title: '', message: '', fileIds: [] } });
  const [preview, setPreview] = useState<TBroadcastBody | null>(null);
  const broadcast = useBroadcast();
  const navigate = useNavigate();
  const send = () => {
    if (!preview) return;
    broadcast.mutate(preview, {
      onSuccess: (sent) => {
        toast.success(N.sent);
        void navigate(`/dashboard/notifications/${sent.id}`);
      },
    });
  };
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      {/* The form stays mounted under the preview so that going back keeps what was typed and uploaded. */}
      <div hidden={preview !== null}>
        <Form form={form} onSubmit={(body) => setPreview(body)} aria-label={DASHBOARD_TEXT.notifications.create}>
          <FormMultiCheckbox name="targetRoles" label={N.targetRoles} options={roleOptions} required />
          <FormInput name="title" label={N.title} required />
          <FormTextArea name="message" label={N.message} rows={8} required />
          <FormInputFile name="fileIds" label={N.attachments} multiple filePath="notifications" />
          <Button type="submit" size="lg" className="col-span-12">
            {N.preview}
          </Button>
        </Form>
      </div>
      {preview && (
        <>
          <Preview body={preview} fileNames={preview.fileIds.length} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setPreview(null)} disabled={broadcast.isPending}>
              {N.edit}
            </Button>
            <Button onClick={send} loading={broadcast.isPending}>
              {N.send}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

export function DashboardNotificationDetailPage() {
  const { notificationId = '' } = useParams();
  const detail = useQuery(systemNotificationQuery(notificationId));
  return (
    <Loading query={detail}>
      {(n) => (
        <div className="flex flex-col gap-4">
          <h2 className="text-xl font-bold">{n.title}</h2>
          <Fields
            items={[
              [N.sentAt, dateTimeOrNone(n.createdAt)],
              [N.targetRoles, targets(n)],
              [N.recipients, n.recipientCount],
              [N.read, `${n.readCount}（${N.readRate(n.readCount, n.recipientCount)}）`],
              [
                N.message,
                <span key="m" className="whitespace-pre-wrap">
                  {n.message}
                </span>,
              ],
              [N.attachments, n.files.length ? <FileLinks key="f" files={n.files} /> : N.noAttachments],
            ]}
          />
          <TextLink to="/dashboard/notifications">{N.backToList}</TextLink>
        </div>
      )}
    </Loading>
  );
}
