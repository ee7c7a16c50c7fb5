/** The plan with its monthly price (tax included) and the coupon field that prices the first payment live. */
import { PAYMENT_TEXT, paymentRoutes, type TCoupon, type TCouponPreview, type TPaymentSetup } from '@logi/contract';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { api, errorMessage } from '../../lib/api';
import { formatYen } from '../../lib/format';

const t = PAYMENT_TEXT;

/** 「初回50%オフ」「毎月1,000円引き」 */
export function couponDescription(c: TCoupon): string {
  const d = t.couponDescription;
  const off = c.percentOff !== null ? d.percentOff(c.percentOff) : d.amountOff(formatYen(c.amountOff ?? 0));
  const when = c.duration === 'forever' ? d.forever : c.duration === 'repeating' ? d.repeating(c.durationInMonths ?? 1) : d.once;
  return `${when}${off}`;
}

export function PlanSummary({ setup, coupon }: { setup: TPaymentSetup; coupon: TCouponPreview | null }) {
  return (
    <section aria-labelledby="plan-heading" className="flex flex-col gap-2 rounded-md border bg-muted/40 p-4">
      <h2 id="plan-heading" className="text-sm font-semibold text-muted-foreground">
        {t.plan.heading}
      </h2>
      <p className="font-semibold">{setup.plan.name}</p>
      <p className="text-lg">
        {t.perMonth}{' '}
        <span data-testid="plan-price" className="text-2xl font-bold">
          {formatYen(setup.plan.amount)}
        </span>
        <span className="text-sm text-muted-foreground">{t.taxIncluded}</span>
      </p>
      <ul className="list-disc pl-5 text-sm text-muted-foreground">
        {t.plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {coupon && (
        <div role="status" className="mt-1 flex flex-col gap-0.5 border-t pt-2 text-sm">
          <span>{t.coupon.applied(couponDescription(coupon))}</span>
          <span>
            {t.coupon.firstPayment}: <s className="text-muted-foreground">{formatYen(setup.plan.amount)}</s>{' '}
            <strong data-testid="first-payment" className="text-base">
              {formatYen(coupon.firstAmount)}
            </strong>
          </span>
        </div>
      )}
    </section>
  );
}

export function CouponField({
  applied,
  onChange,
}: {
  applied: TCouponPreview | null;
  onChange: (c: TCouponPreview | null) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function apply() {
    if (!code.trim()) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await api.call(paymentRoutes.coupon, { params: { code: code.trim() } }));
    } catch (e) {
      onChange(null);
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t.coupon.label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={code}
          placeholder={t.coupon.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
        />
        {applied ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              onChange(null);
              setCode('');
            }}
          >
            {t.coupon.remove}
          </Button>
        ) : (
          <Button type="button" variant="outline" loading={busy} onClick={() => void apply()}>
            {t.coupon.apply}
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
