/** /notifications/detail/{id}: the whole message and its attachments; opening it marks it read. */
import { NOTIFICATION_UI_TEXT } from '../../texts/notifications';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Paperclip } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import { formatDateTime } from '../../lib/format';
import { detailQuery, useMarkAsRead } from './queries';

export function NotificationDetailPage() {
  const notificationId = useParams().notificationId ?? '';
  const detail = useQuery({ ...detailQuery(notificationId), meta: { errorToast: false } });
  const { mutate: markAsRead } = useMarkAsRead();
  const unread = detail.data?.isRead === false;
  useEffect(() => {
    if (unread) markAsRead(notificationId);
  }, [unread, notificationId, markAsRead]);

  const back = (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to="/notifications">
        <ArrowLeft aria-hidden />
        {NOTIFICATION_UI_TEXT.backToList}
      </Link>
    </Button>
  );
  if (detail.isPending) return <SkeletonRows rows={3} />;
  if (detail.isError)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        {back}
        <EmptyState title={detail.error.message} />
      </div>
    );

  const { notification } = detail.data;
  const ownPage = `/notifications/detail/${notificationId}`;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      {back}
      <article className="flex flex-col gap-4 rounded-lg border bg-card p-4 sm:p-6">
        <header className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="muted">
              {notification.kind === 'SYSTEM_NOTIFICATION' ? NOTIFICATION_UI_TEXT.systemTab : NOTIFICATION_UI_TEXT.eventTab}
            </Badge>
            <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
          </div>
          <h1 className="text-xl font-bold break-words sm:text-2xl">{notification.title}</h1>
        </header>
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{notification.message}</p>
        {notification.files.length > 0 && (
          <section className="flex flex-col gap-2">
            <h2 className="text-sm font-bold">{NOTIFICATION_UI_TEXT.attachments}</h2>
            <ul className="flex flex-col gap-1">
              {notification.files.map((file) => (
                <li key={file.id} className="flex items-center gap-2 text-sm">
                  <Paperclip aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  {file.fileUrl ? (
                    <a href={file.fileUrl} target="_blank" rel="noreferrer" className="break-all text-primary underline">
                      {file.fileName}
                    </a>
                  ) : (
                    <span className="break-all">{file.fileName}</span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {notification.link && notification.link !== ownPage && (
          <Button asChild className="self-start">
            <Link to={notification.link}>{NOTIFICATION_UI_TEXT.openLink}</Link>
          </Button>
        )}
      </article>
    </div>
  );
}
