/**
 * /dashboard/fuel-prices (issue 45, decision 092): the diesel price the 標準的運賃's fuel
 * surcharge is read against — the price in force today, every price set (day, 円/L, who, when),
 * and a form to set a new one from a day. Only ever added: a correction is a new price.
 */
import { ZFuelPriceBody, type TFuelPrice } from '@logi/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, FormDatePicker, FormInput, applyFieldErrors, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';
import { formatDate, formatDateTime, todayInJapan } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { FAIR_PRICE_WEB_TEXT } from '../../../texts/fair-price';
import { Loading } from '../parts';
import { fuelPricesQuery, useSetFuelPrice } from '../queries';

const T = FAIR_PRICE_WEB_TEXT.fuel;
const perLitre = (p: TFuelPrice) => T.currentValue(p.yenPerLitre, formatDate(p.effectiveFrom));

function History({ history }: { history: TFuelPrice[] }) {
  if (history.length === 0) return <p className="text-sm text-muted-foreground">{T.historyEmpty}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{T.history}</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              {T.effectiveFrom}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
              {T.yenPerLitre}
            </th>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              {T.setBy}
            </th>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              {T.setAt}
            </th>
          </tr>
        </thead>
        <tbody>
          {history.map((p) => (
            <tr key={p.id} className="border-t">
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.effectiveFrom)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{p.yenPerLitre.toFixed(1)}</td>
              <td className="px-3 py-2">{p.setBy.name}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(p.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SetFuelPriceForm() {
  const form = useZodForm(ZFuelPriceBody, {
    defaultValues: { effectiveFrom: todayInJapan(), yenPerLitre: undefined as never },
  });
  const save = useSetFuelPrice();
  return (
    <Form
      form={form}
      aria-label={T.form}
      onSubmit={(body) =>
        save.mutate(body, {
          onSuccess: () => {
            toast.success(T.saved);
            form.reset({ effectiveFrom: body.effectiveFrom, yenPerLitre: undefined as never });
          },
          onError: (error) => {
            if (error instanceof ApiError) applyFieldErrors(form, error.details);
          },
        })
      }
    >
      <p className="col-span-12 text-sm text-muted-foreground">{T.formHint}</p>
      <FormDatePicker name="effectiveFrom" label={T.effectiveFrom} required span={6} />
      <FormInput name="yenPerLitre" label={T.yenPerLitre} type="number" inputMode="decimal" suffix={T.unit} required span={6} />
      <Button type="submit" className="col-span-12 sm:col-span-4" loading={save.isPending}>
        {T.submit}
      </Button>
    </Form>
  );
}

export function FuelPricesPage() {
  const prices = useQuery(fuelPricesQuery());
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <p className="text-sm text-muted-foreground">{T.lead}</p>
      <section aria-labelledby="fuel-current" className="flex flex-col gap-2">
        <h2 id="fuel-current" className="text-base font-bold">
          {T.current}
        </h2>
        <Loading query={prices}>
          {(p) => (
            <p className="rounded-lg border bg-card p-4 text-lg font-bold tabular-nums">
              {p.current ? perLitre(p.current) : <span className="text-sm font-normal">{T.currentNone}</span>}
            </p>
          )}
        </Loading>
      </section>
      <section aria-labelledby="fuel-form" className="flex flex-col gap-2">
        <h2 id="fuel-form" className="text-base font-bold">
          {T.form}
        </h2>
        <div className="rounded-lg border bg-card p-4">
          <SetFuelPriceForm />
        </div>
      </section>
      <section aria-labelledby="fuel-history" className="flex flex-col gap-2">
        <h2 id="fuel-history" className="text-base font-bold">
          {T.history}
        </h2>
        <Loading query={prices}>{(p) => <History history={p.history} />}</Loading>
      </section>
    </div>
  );
}
