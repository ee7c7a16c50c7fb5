/** The carrier's request detail with the delivery's stop times and, once done, its reviews: composed here because a feature never imports another. */
import { useParams } from 'react-router';
import { AppliedItemDetailPage as AppliedItemDetail } from '../features/request-items/applied-items';
import { ReviewPanel } from '../features/reviews';
import { StopTimesPanel } from '../features/stop-times';

export function AppliedItemDetailPage() {
  const id = useParams().id ?? '';
  return (
    <div className="flex flex-col gap-4">
      <AppliedItemDetail StopTimes={StopTimesPanel} />
      <div className="mx-auto w-full max-w-5xl">
        <ReviewPanel requestItemId={id} />
      </div>
    </div>
  );
}
