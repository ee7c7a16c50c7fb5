/**
 * What the viewer of a request can do with it: a driver or driver manager bids (estimation) or
 * applies at the listed price (fixed delivery, per-unit warehouse); a guest is asked to sign in;
 * a customer or admin sees no action.
 */
import { type TRequestItemDetail } from '@logi/contract';
import { REQUEST_DETAIL_TEXT as T } from '../../../texts/request-items';
import { CheckCircle2, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDialog } from '../../../components/ui/dialog-registry';
import { useAuth } from '../../../lib/auth-store';
import { DetailSection } from '../../../components/request-item';

function GuestPrompt() {
  return (
    <DetailSection title={T.applyHeading}>
      <p className="text-sm text-muted-foreground">{T.signInPrompt}</p>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        <Button asChild size="lg">
          <Link to="/sign-in">
            <LogIn aria-hidden className="size-4" />
            {T.signIn}
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/sign-up">{T.signUp}</Link>
        </Button>
      </div>
    </DetailSection>
  );
}

export function ApplyPanel({ item }: { item: TRequestItemDetail }) {
  const { isSignedIn, isDriver, isDriverManager } = useAuth();
  const dialog = useDialog();
  if (!isSignedIn) return <GuestPrompt />;
  if (!(isDriver || isDriverManager) || item.status !== 'WAITING_APPROVE') return null;

  const { priceType, price } = item.price;
  const estimation = priceType === 'ESTIMATION' || price === null;
  return (
    <DetailSection title={T.applyHeading}>
      {item.isApplied && (
        <p role="status" className="flex items-start gap-2 text-sm" data-testid="applied-note">
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
          {T.appliedNote}
        </p>
      )}
      <div className="flex flex-col gap-2">
        {estimation ? (
          <Button asChild size="lg">
            <Link to={`/shipping-requests/detail/${item.id}/price-estimation`}>{item.isApplied ? T.rebid : T.bid}</Link>
          </Button>
        ) : (
          !item.isApplied && (
            <Button
              size="lg"
              onClick={() =>
                dialog.open('price-estimation-confirm-create', {
                  requestItemId: item.id,
                  requestType: item.type,
                  way: 'fixed',
                  price,
                  perUnit: priceType === 'PER_UNIT',
                  conditions: item.deliveryItem ?? undefined,
                })
              }
            >
              {T.applyFixed}
            </Button>
          )
        )}
        {item.isApplied && (
          <Button asChild variant="outline">
            <Link to="/shipping-requests/applied-items">{T.toAppliedItems}</Link>
          </Button>
        )}
      </div>
    </DetailSection>
  );
}
