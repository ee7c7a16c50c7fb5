/** /notifications: 案件通知 (default) and お知らせ tabs, paginated (spec §2, §7). */
import { NOTIFICATION_UI_TEXT } from '../../texts/notifications';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { Pagination } from '../../components/ui/pagination';
import { SkeletonRows } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useStreamEvent } from '../../lib/event-stream';
import { type NotificationTab, listQuery } from './queries';
import { NotificationItem } from './notification-item';
import { useOpenNotification } from './use-open-notification';

const TABS: { value: NotificationTab; label: string }[] = [
  { value: 'event', label: NOTIFICATION_UI_TEXT.eventTab },
  { value: 'system', label: NOTIFICATION_UI_TEXT.systemTab },
];

function NotificationList({
  tab,
  page,
  onPageChange,
}: {
  tab: NotificationTab;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const list = useQuery(listQuery(tab, page));
  const open = useOpenNotification();
  if (list.isPending) return <SkeletonRows />;
  if (list.isError) return <EmptyState />;
  if (list.data.data.length === 0) return <EmptyState title={NOTIFICATION_UI_TEXT.empty} />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y rounded-lg border bg-card">
        {list.data.data.map((item) => (
          <li key={item.notificationId}>
            <NotificationItem item={item} onOpen={open} />
          </li>
        ))}
      </ul>
      <Pagination meta={list.data.meta} onPageChange={onPageChange} />
    </div>
  );
}

export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const tab: NotificationTab = params.get('tab') === 'system' ? 'system' : 'event';
  const page = Math.max(1, Number(params.get('page')) || 1);

  const go = (next: { tab?: NotificationTab; page?: number }, replace = false) => {
    const search = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    const nextPage = next.page ?? 1;
    if (nextTab === 'system') search.set('tab', 'system');
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search, { replace });
  };
  // A pushed notification brings the list back to its first page (spec §4).
  useStreamEvent('notification', () => {
    if (page !== 1) go({ page: 1 }, true);
  });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{NOTIFICATION_UI_TEXT.pageTitle}</h1>
      <Tabs value={tab} onValueChange={(value) => go({ tab: value as NotificationTab })}>
        <TabsList>
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.value === tab && <NotificationList tab={tab} page={page} onPageChange={(p) => go({ page: p })} />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
