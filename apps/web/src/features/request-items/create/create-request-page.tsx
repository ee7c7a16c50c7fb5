/**
 * /shipping-requests/create (customer only): a choice between a delivery and a warehouse
 * request, then its form. The choice is kept in the URL (?type=warehouse) so that a reload or
 * a shared link opens the same form. A form is mounted when first chosen and then stays mounted,
 * so that switching back and forth loses nothing entered; the other is not rendered until then,
 * which halves what a phone renders and hydrates on arrival.
 */
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { Truck, Warehouse } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '../../../lib/cn';
import { useHydrated } from '../../../lib/hydrated';
import { DeliveryRequestForm } from './delivery-request-form';
import { REPEAT_TEXT } from '../../../texts/request-templates';
import { useDeliveryStart, useWarehouseStart } from './prefill';
import { WarehouseRequestForm } from './warehouse-request-form';

const TYPES = [
  { value: 'delivery', key: 'DELIVERY', Icon: Truck },
  { value: 'warehouse', key: 'WAREHOUSE', Icon: Warehouse },
] as const;

export function CreateRequestPage() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === 'warehouse' ? 'warehouse' : 'delivery';
  const choose = (next: 'delivery' | 'warehouse') => setParams({ type: next }, { replace: true });
  // 「同じ内容で依頼」 (decision 107) names the request in ?from; the type says which form it fills.
  const from = params.get('from');
  const [opened, setOpened] = useState(() => new Set([type]));
  // On a page the server painted (decision 075), a choice clicked before the app runs would check
  // the painted radio and open no form: the choice waits for the app, as the form's fields do.
  const hydrated = useHydrated();
  if (!opened.has(type)) setOpened(new Set([...opened, type]));
  // 「同じ内容で依頼」 or a template (decision 107): the form starts from those contents.
  const source = { from: type === 'delivery' ? from : null, template: params.get('template') };
  const start = useDeliveryStart(source);
  const prefilled = !!(source.from || source.template);
  const warehouseFrom = type === 'warehouse' ? from : null;
  const warehouseStart = useWarehouseStart(warehouseFrom);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-xl leading-snug font-bold sm:text-2xl">{T.title}</h1>
        <p className="text-sm text-muted-foreground">{T.lead}</p>
      </div>

      <fieldset className="grid grid-cols-2 gap-3" disabled={!hydrated}>
        <legend className="sr-only">{T.typeChoice}</legend>
        {TYPES.map(({ value, key, Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 shadow-xs transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring sm:p-4',
              type === value ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'hover:bg-accent/50',
            )}
          >
            <input
              type="radio"
              name="request-type"
              value={value}
              checked={type === value}
              onChange={() => choose(value)}
              className="sr-only"
            />
            <Icon
              aria-hidden
              className={cn('mt-0.5 size-5 shrink-0', type === value ? 'text-primary' : 'text-muted-foreground')}
            />
            <span className="flex min-w-0 flex-col gap-0.5">
              <span className="font-bold">{T.types[key].label}</span>
              <span className="hidden text-xs text-muted-foreground sm:block">{T.types[key].description}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {opened.has('delivery') && (
        <div hidden={type !== 'delivery'}>
          {prefilled && (
            <p role="status" className="mb-4 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
              {start.values ? REPEAT_TEXT.prefilled : REPEAT_TEXT.loading}
            </p>
          )}
          {start.values && <DeliveryRequestForm key={start.key} initial={prefilled ? start.values : undefined} />}
        </div>
      )}
      {opened.has('warehouse') && (
        <div hidden={type !== 'warehouse'}>
          {warehouseFrom && (
            <p role="status" className="mb-4 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
              {warehouseStart ? REPEAT_TEXT.prefilledWarehouse : REPEAT_TEXT.loading}
            </p>
          )}
          {warehouseStart && (
            <WarehouseRequestForm key={warehouseFrom ?? 'empty'} initial={warehouseFrom ? warehouseStart : undefined} />
          )}
        </div>
      )}
    </div>
  );
}
