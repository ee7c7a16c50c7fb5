/** Read-only views of a request for the admin: its talkrooms with their messages and files, and the delivery report. */
import { Role, type TDeliveryItem, type TFileView } from '@logi/contract';
import { DASHBOARD_TEXT } from '../../../texts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { Paperclip } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { messagesQuery, talkroomsQuery } from '../queries';
import { dateTimeOrNone } from '../parts';

const T = DASHBOARD_TEXT.request;

export function FileLinks({ files }: { files: readonly Pick<TFileView, 'id' | 'fileName' | 'fileUrl' | 'fileType'>[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {files.map((file) => (
        <li key={file.id}>
          {file.fileType.startsWith('image/') && file.fileUrl ? (
            <a href={file.fileUrl} target="_blank" rel="noreferrer" className="block">
              <img src={file.fileUrl} alt={file.fileName} className="h-24 w-24 rounded-md border object-cover" />
            </a>
          ) : (
            <a
              href={file.fileUrl ?? undefined}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 rounded-md border px-2 py-1 text-sm text-primary hover:underline"
            >
              <Paperclip aria-hidden className="size-4" />
              {file.fileName}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function Messages({ requestItemId, talkroomId }: { requestItemId: string; talkroomId: string }) {
  const messages = useQuery(messagesQuery(requestItemId, talkroomId));
  if (messages.isPending) return <SkeletonRows rows={3} />;
  if (messages.isError) return <EmptyState />;
  if (messages.data.data.length === 0) return <p className="text-sm text-muted-foreground">{T.noMessages}</p>;
  // Oldest first, as a conversation reads.
  const ordered = [...messages.data.data].reverse();
  return (
    <ol aria-label={DASHBOARD_TEXT.tabs.talkrooms} className="flex flex-col gap-3">
      {ordered.map((m) => (
        <li
          key={m.id}
          className={cn(
            'flex flex-col gap-1 rounded-lg border p-3',
            m.senderInfo.role === 'CUSTOMER' ? 'bg-muted/50' : 'bg-card',
          )}
        >
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span className="font-semibold text-foreground">{m.senderInfo.name}</span>
            <Badge variant="outline">{Role.labels[m.senderInfo.role]}</Badge>
            <span>{formatDateTime(m.createdAt)}</span>
          </p>
          {m.content && <p className="whitespace-pre-wrap break-words text-sm">{m.content}</p>}
          {m.files.length > 0 && <FileLinks files={m.files} />}
        </li>
      ))}
    </ol>
  );
}

/** Every talkroom of the request; the admin reads, never writes. */
export function Talkrooms({ requestItemId }: { requestItemId: string }) {
  const rooms = useQuery(talkroomsQuery(requestItemId));
  const [openId, setOpenId] = useState<string | null>(null);
  if (rooms.isPending) return <SkeletonRows />;
  if (rooms.isError) return <EmptyState />;
  if (rooms.data.data.length === 0) return <EmptyState title={T.noTalkrooms} />;
  const current = openId ?? rooms.data.data[0]!.id;
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
      <ul className="flex flex-col gap-1">
        {rooms.data.data.map((room) => (
          <li key={room.id}>
            <button
              type="button"
              aria-pressed={room.id === current}
              onClick={() => setOpenId(room.id)}
              className={cn(
                'w-full rounded-md border px-3 py-2 text-left text-sm',
                room.id === current ? 'border-primary bg-primary/5' : 'hover:bg-muted',
              )}
            >
              <span className="block font-medium">
                {T.talkroomWith([room.applicant.companyName, room.applicant.name].filter(Boolean).join(' / '))}
              </span>
              <span className="text-xs text-muted-foreground">{room.isActive ? T.talkroomOpen : T.talkroomClosed}</span>
            </button>
          </li>
        ))}
      </ul>
      <section className="flex flex-col gap-2">
        <p className="text-xs text-muted-foreground">{T.readOnly}</p>
        <Messages requestItemId={requestItemId} talkroomId={current} />
      </section>
    </div>
  );
}

/** The driver's three report images (spec §3): receipt, recipient's signature, delivery photo. */
export function ReportImages({ delivery }: { delivery: TDeliveryItem }) {
  const R = T.report;
  const images = [
    [R.receipt, delivery.receiptImage],
    [R.signature, delivery.recipientSignatureImage],
    [R.delivery, delivery.deliveryImage],
  ] as const;
  if (!delivery.reportedAt && images.every(([, image]) => !image)) return <EmptyState title={R.notReported} />;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {R.reportedAt}: {dateTimeOrNone(delivery.reportedAt)}
      </p>
      <ul className="grid gap-4 sm:grid-cols-3">
        {images.map(([label, image]) => (
          <li key={label} className="flex flex-col gap-2 rounded-lg border bg-card p-3">
            <p className="text-sm font-semibold">{label}</p>
            {image?.fileUrl ? (
              <a href={image.fileUrl} target="_blank" rel="noreferrer">
                <img src={image.fileUrl} alt={label} className="aspect-square w-full rounded-md object-cover" />
              </a>
            ) : (
              <p className="text-sm text-muted-foreground">{R.missing}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
