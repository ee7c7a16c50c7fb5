/**
 * A local server speaking Stripe's REST protocol (form-encoded requests, JSON objects,
 * `card_error` answers, Idempotency-Key replays) for the few endpoints the Stripe provider
 * uses. It stands in for api.stripe.com in tests, as s3rver does for S3: the provider under
 * test is the real one, through the official SDK. Stripe's test PaymentMethods behave as
 * documented: pm_card_visa pays; pm_card_chargeDeclinedInsufficientFunds and
 * pm_card_chargeCustomerFail attach but their charges fail.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, unknown>;

const TEST_CARDS: Record<string, { brand: string; last4: string; failure?: { code: string; decline_code?: string } }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    failure: { code: 'card_declined', decline_code: 'insufficient_funds' },
  },
  pm_card_chargeCustomerFail: {
    brand: 'visa',
    last4: '0341',
    failure: { code: 'card_declined', decline_code: 'generic_decline' },
  },
};

export interface StripeProtocolServer {
  url: string;
  /** Every request received: method, path, form fields, the idempotency key. */
  requests: { method: string; path: string; form: Record<string, string>; idempotencyKey: string | undefined }[];
  subscriptions: Map<string, Obj>;
  /** A renewal whose charge failed: the next period with a new open invoice, the subscription past due. */
  failRenewal(subscriptionId: string): void;
  /** While true, every request is answered as Stripe answers when it cannot serve one: 500, an `api_error`. */
  outage: boolean;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startStripeProtocolServer(
  price = { id: 'price_monthly', unit_amount: 4980 },
): Promise<StripeProtocolServer> {
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const replays = new Map<string, { status: number; body: Obj }>();
  const requests: StripeProtocolServer['requests'] = [];
  let seq = 0;
  const id = (prefix: string) => `${prefix}_local_${++seq}`;
  const now = () => Math.floor(Date.now() / 1000);
  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });
  const cardError = (failure: { code: string; decline_code?: string }) => ({
    status: 402,
    body: { error: { type: 'card_error', message: 'Your card was declined.', ...failure } },
  });
  const notFound = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `No such ${what}` } },
  });
  const coupon = (extra: Obj) => ({
    id: id('co'),
    object: 'coupon',
    amount_off: null,
    percent_off: 50,
    duration: 'once',
    duration_in_months: null,
    valid: true,
    redeem_by: null,
    ...extra,
  });
  /** An invoice of a subscription's month as Stripe shapes it: the line's period, the amount charged, when it was paid. */
  const invoiceOf = (subscriptionId: string, customer: unknown, start: number, amount: number, paid: boolean): Obj => ({
    id: id('in'),
    object: 'invoice',
    status: paid ? 'paid' : 'open',
    customer,
    currency: 'jpy',
    total: amount,
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    period_start: start,
    period_end: start,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    lines: list(
      [{ id: id('il'), object: 'line_item', amount, period: { start, end: start + 30 * 86400 } }],
      '/v1/invoices/lines',
    ),
    status_transitions: { paid_at: paid ? now() : null },
  });
  const promotionCodes: Obj[] = [
    {
      id: 'promo_launch',
      object: 'promotion_code',
      code: 'LAUNCH',
      active: true,
      expires_at: null,
      promotion: { type: 'coupon', coupon: coupon({}) },
    },
    {
      id: 'promo_old',
      object: 'promotion_code',
      code: 'OLDCODE',
      active: false,
      expires_at: now() - 86400,
      promotion: { type: 'coupon', coupon: coupon({ valid: false }) },
    },
  ];

  function subscriptionView(s: Obj, expand: string[]): Obj {
    const pm = paymentMethods.get(s.default_payment_method as string);
    const invoice = invoices.get(s.latest_invoice as string);
    return {
      ...s,
      default_payment_method: expand.includes('default_payment_method') ? (pm ?? null) : s.default_payment_method,
      latest_invoice: expand.includes('latest_invoice') ? (invoice ?? null) : s.latest_invoice,
    };
  }
  const expandsOf = (form: Record<string, string>, query: URLSearchParams) => [
    ...Object.entries(form)
      .filter(([k]) => k.startsWith('expand['))
      .map(([, v]) => v),
    ...query.getAll('expand[]'),
    ...[...query.entries()].filter(([k]) => k.startsWith('expand[')).map(([, v]) => v),
  ];

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    form: Record<string, string>,
  ): { status: number; body: Obj } {
    const parts = path.split('/').filter(Boolean); // v1, resource, id, action
    const [, resource, objectId, action] = parts;
    const expand = expandsOf(form, query);
    if (resource === 'prices' && method === 'GET')
      return objectId === price.id ? { status: 200, body: { object: 'price', currency: 'jpy', ...price } } : notFound('price');
    if (resource === 'promotion_codes' && method === 'GET') {
      return {
        status: 200,
        body: list(
          promotionCodes.filter((p) => p.code === query.get('code')),
          '/v1/promotion_codes',
        ),
      };
    }
    if (resource === 'customers') {
      if (method === 'POST' && !objectId) {
        const customer = {
          id: id('cus'),
          object: 'customer',
          email: form.email,
          name: form.name,
          invoice_settings: { default_payment_method: null },
        };
        customers.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      const customer = customers.get(objectId!);
      if (!customer) return notFound('customer');
      if (method === 'POST')
        customer.invoice_settings = { default_payment_method: form['invoice_settings[default_payment_method]'] ?? null };
      return { status: 200, body: customer };
    }
    if (resource === 'payment_methods') {
      if (method === 'GET') {
        return {
          status: 200,
          body: list(
            [...paymentMethods.values()].filter((pm) => pm.customer === query.get('customer')),
            '/v1/payment_methods',
          ),
        };
      }
      if (action === 'attach') {
        const card = TEST_CARDS[objectId!];
        if (!card) return notFound('payment_method');
        const pm = {
          id: objectId!,
          object: 'payment_method',
          type: 'card',
          created: now(),
          customer: form.customer,
          card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
        };
        paymentMethods.set(pm.id, pm);
        return { status: 200, body: pm };
      }
    }
    if (resource === 'subscriptions') {
      if (method === 'POST' && !objectId) {
        const pmId = form.default_payment_method!;
        const failure = TEST_CARDS[pmId]?.failure;
        if (failure && form.payment_behavior === 'error_if_incomplete') return cardError(failure);
        const start = now();
        const subscriptionId = id('sub');
        const promotion = promotionCodes.find((p) => p.id === form['discounts[0][promotion_code]']);
        const percentOff = ((promotion?.promotion as { coupon: Obj } | undefined)?.coupon.percent_off as number) ?? 0;
        const invoice = invoiceOf(
          subscriptionId,
          form.customer,
          start,
          Math.round((price.unit_amount * (100 - percentOff)) / 100),
          true,
        );
        invoices.set(invoice.id as string, invoice);
        const s: Obj = {
          id: subscriptionId,
          object: 'subscription',
          customer: form.customer,
          status: 'active',
          start_date: start,
          trial_start: null,
          trial_end: null,
          default_payment_method: pmId,
          latest_invoice: invoice.id,
          discounts: form['discounts[0][promotion_code]'] ? [form['discounts[0][promotion_code]']] : [],
          items: list(
            [
              {
                id: id('si'),
                object: 'subscription_item',
                price: { id: form['items[0][price]'] },
                current_period_start: start,
                current_period_end: start + 30 * 86400,
              },
            ],
            '/v1/subscription_items',
          ),
        };
        subscriptions.set(s.id as string, s);
        return { status: 200, body: subscriptionView(s, expand) };
      }
      const s = subscriptions.get(objectId!);
      if (!s) return notFound('subscription');
      if (method === 'POST' && form.default_payment_method) s.default_payment_method = form.default_payment_method;
      return { status: 200, body: subscriptionView(s, expand) };
    }
    if (resource === 'invoices' && method === 'GET' && !action) {
      const invoice = invoices.get(objectId!);
      return invoice ? { status: 200, body: invoice } : notFound('invoice');
    }
    if (resource === 'invoices' && action === 'pay') {
      const invoice = invoices.get(objectId!);
      if (!invoice) return notFound('invoice');
      const failure = TEST_CARDS[form.payment_method!]?.failure;
      if (failure) return cardError(failure);
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, status_transitions: { paid_at: now() } });
      for (const s of subscriptions.values()) if (s.latest_invoice === invoice.id) s.status = 'active';
      return { status: 200, body: invoice };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const form = await readForm(req);
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path: url.pathname, form, idempotencyKey: key });
      if (local.outage) {
        res.writeHead(500, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
        return;
      }
      const replay = key ? replays.get(key) : undefined;
      const answer = replay ?? route(req.method!, url.pathname, url.searchParams, form);
      if (key && !replay) replays.set(key, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const local: StripeProtocolServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    outage: false,
    failRenewal(subscriptionId) {
      const s = subscriptions.get(subscriptionId)!;
      // The next period began with this invoice.
      const item = (s.items as { data: Obj[] }).data[0]!;
      const month = 30 * 86400;
      Object.assign(item, {
        current_period_start: (item.current_period_start as number) + month,
        current_period_end: (item.current_period_end as number) + month,
      });
      const invoice = invoiceOf(subscriptionId, s.customer, item.current_period_start as number, price.unit_amount, false);
      invoices.set(invoice.id as string, invoice);
      Object.assign(s, { status: 'past_due', latest_invoice: invoice.id });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return local;
}
