/** The customer's request detail with the delivery's stop times in it: composed here because a feature never imports another. */
import { MyItemDetailPage as MyItemDetail } from '../features/request-items/my-items';
import { StopTimesPanel } from '../features/stop-times';

export function MyItemDetailPage() {
  return <MyItemDetail StopTimes={StopTimesPanel} />;
}
