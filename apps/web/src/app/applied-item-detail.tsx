/** The carrier's request detail with the delivery's stop times in it: composed here because a feature never imports another. */
import { AppliedItemDetailPage as AppliedItemDetail } from '../features/request-items/applied-items';
import { StopTimesPanel } from '../features/stop-times';

export function AppliedItemDetailPage() {
  return <AppliedItemDetail StopTimes={StopTimesPanel} />;
}
