/**
 * The back office's delivery detail with the records kept for a delivery (issue 16): its
 * 運送条件書 PDF, the temperatures of a cold load and each stop's waiting and loading time.
 * Composed here because a feature never imports another (the stop-times panel).
 */
import { DeliveryDetailPage, type DeliveryRecords } from '../features/admin';
import { TemperatureRecord, TransportConditionsButton } from '../components/request-item';
import { StopTimesPanel } from '../features/stop-times';

const records: DeliveryRecords = {
  actions: (item) => <TransportConditionsButton item={item} />,
  report: (item) => (
    <>
      <TemperatureRecord delivery={item.deliveryItem!} className="rounded-lg border bg-card p-4" />
      {item.receiverId && <StopTimesPanel requestItemId={item.id} editable={false} />}
    </>
  ),
};

export function AdminDeliveryDetailPage() {
  return <DeliveryDetailPage records={records} />;
}
