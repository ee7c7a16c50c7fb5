/** /shipping-requests/applied/{delivery|warehouse}: the application went to the shipper. */
import { REQUEST_DETAIL_TEXT as T } from '../../../texts/request-items';
import { CheckCircle2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PagePanel } from '../../../components/ui/page-panel';

export function AppliedPage() {
  const { type } = useParams();
  return (
    <PagePanel title={T.applied.title}>
      <div className="flex flex-col items-center gap-3 text-center">
        <CheckCircle2 aria-hidden className="size-12 text-success" />
        <p className="text-sm text-muted-foreground">{type === 'warehouse' ? T.applied.warehouse : T.applied.delivery}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Button asChild size="lg">
          <Link to="/shipping-requests/applied-items">{T.applied.toAppliedItems}</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/shipping-requests/results">{T.applied.toSearch}</Link>
        </Button>
      </div>
    </PagePanel>
  );
}
