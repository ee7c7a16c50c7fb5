/**
 * The create form's 「標準的運賃の目安」 (issue 45): the real app over HTTP to a local server
 * whose quote is the contract's own engine (the figures the server's quote computes, with the
 * route's estimate and a fuel price in force), so what the panel shows is checked against the
 * table, not against numbers typed here.
 */
import {
  FIXED_PRICE_WARNING_SHARE,
  ZStandardFareQuoteBody,
  groupDigits,
  type TStandardFareQuote,
  type TStandardFareQuoteBody,
} from '@logi/contract';
import { driveOfStops, estimateRouteDistance, standardFare } from '@logi/contract/standard-fare';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatYen, todayInJapan } from '../../../lib/format';
import { deliveryRequest, uuid } from '../../../test/request-item.fixture';
import { sessionUser } from '../../../test/session-user';
import { json, openApp, serveApi, signIn, until } from '../../../test/test-kit';
import { FAIR_PRICE_WEB_TEXT as F } from '../../../texts/fair-price';
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';

const CUSTOMER = sessionUser('CUSTOMER');
const CREATED_ID = uuid(43, '8001');
const FUEL = { yenPerLitre: 160, effectiveFrom: '2026-11-01' };
const ADDRESSES: Record<string, { prefecture: string; city: string; town: string }> = {
  '100-0001': { prefecture: '東京都', city: '千代田区', town: '千代田' },
  '530-0001': { prefecture: '大阪府', city: '大阪市北区', town: '梅田' },
};

/** The quote as the server makes it: the engine on the draft, at the fuel price in force. */
function quoteOf(body: TStandardFareQuoteBody): TStandardFareQuote {
  const stops = body.transports;
  const estimate = estimateRouteDistance(stops);
  const result = standardFare({
    pickupPrefecture: stops[0]!.prefecture,
    vehicleType: body.vehicleType,
    temperatureRange: body.vehicleTemperatureRange,
    totalWeightKg: body.totalWeight,
    distance: body.distanceKm ? { km: body.distanceKm, estimated: false } : estimate!,
    drive: driveOfStops(stops)!,
    waitingMinutes: 0,
    handling: null,
    fuel: { priceYenPerL: FUEL.yenPerLitre, setOn: FUEL.effectiveFrom, kmPerL: null },
    subcontracted: false,
    holidays: new Set<string>(),
  });
  return { standardFare: result, distanceEstimate: estimate, fuelPrice: FUEL, notes: [], lane: null };
}

const api = { quotes: [] as TStandardFareQuoteBody[], posted: [] as unknown[] };

serveApi(({ route, url, body }, res) => {
  if (route === 'GET /api/v1/locations') {
    const address = ADDRESSES[url.searchParams.get('postalCode') ?? ''];
    if (!address) return json(res, { statusCode: 404, error: 'Not Found', message: '', code: 'POSTAL_CODE_NOT_FOUND' }, 404);
    return json(res, { ...address, addresses: [address] });
  }
  if (route === 'POST /api/v1/standard-fares/quote') {
    // The body the form sends is one the API takes as it is.
    const draft = ZStandardFareQuoteBody.parse(body);
    api.quotes.push(draft);
    return json(res, quoteOf(draft));
  }
  if (route === 'POST /api/v1/request-items/deliveries') {
    api.posted.push(body);
    return json(res, deliveryRequest(1, { id: CREATED_ID, creatorId: CUSTOMER.id }), 201);
  }
  if (route === `GET /api/v1/request-items/my-items/${CREATED_ID}`) {
    return json(res, deliveryRequest(1, { id: CREATED_ID, isHidden: false, creatorId: CUSTOMER.id }));
  }
});

beforeEach(() => {
  Object.assign(api, { quotes: [], posted: [] });
  signIn(CUSTOMER);
});

const open = () => ({ router: openApp('/shipping-requests/create'), user: userEvent.setup({ delay: null }) });
const stop = (label: string) => screen.getByRole('group', { name: label });
const panel = () => screen.getByRole('region', { name: F.panel.title });
const lastQuote = () => quoteOf(api.quotes.at(-1)!);
const covered = (q: TStandardFareQuote) => {
  if (!q.standardFare.covered) throw new Error(q.standardFare.message);
  return q.standardFare;
};

async function fillStop(user: UserEvent, label: string, postalCode: string) {
  const box = stop(label);
  await user.type(within(box).getByRole('textbox', { name: /郵便番号/ }), postalCode);
  await until(() => (within(box).getByLabelText(/市区町村/) as HTMLInputElement).value !== '');
  await user.type(within(box).getByLabelText(/番地/), '1-1');
  await user.click(within(box).getByRole('button', { name: /日付/ }));
  const calendar = await screen.findByRole('dialog');
  await user.click(await within(calendar).findByRole('button', { name: new RegExp(formatDate(new Date(), 'yyyy年MM月dd日')) }));
  await until(() => !calendar.isConnected);
}

/** 東京都千代田区 → 大阪市北区 today, by a 4t truck, 1,200 kg: enough for a quote. */
async function fillDraft(user: UserEvent, vehicle = '4t') {
  await screen.findByRole('form', { name: T.types.DELIVERY.label });
  await fillStop(user, '集荷先', '1000001');
  await fillStop(user, '配達先', '5300001');
  await user.click(screen.getByRole('combobox', { name: /車両/ }));
  await user.click(await screen.findByRole('option', { name: vehicle }));
  await user.type(screen.getByLabelText(/総重量/), '1200');
}

describe('標準的運賃の目安 on the create form', () => {
  it('asks nothing until the draft has enough, then shows the estimate with its breakdown, table, region, class and fuel price', async () => {
    const { user } = open();
    await screen.findByRole('form', { name: T.types.DELIVERY.label });
    expect(within(panel()).getByRole('status')).toHaveTextContent(F.panel.waiting);

    await fillStop(user, '集荷先', '1000001');
    await fillStop(user, '配達先', '5300001');
    await user.click(screen.getByRole('combobox', { name: /車両/ }));
    await user.click(await screen.findByRole('option', { name: '4t' }));
    // Without a weight there is no quote to ask for.
    expect(api.quotes).toEqual([]);
    await user.type(screen.getByLabelText(/総重量/), '1200');

    await until(() => api.quotes.length > 0);
    const today = todayInJapan();
    expect(api.quotes.at(-1)).toMatchObject({
      vehicleType: 'FOUR_T_TRUCK',
      vehicleTemperatureRange: 'ROOM',
      totalWeight: 1200,
      transports: [
        { transportType: 'PICKUP', prefecture: '東京都', city: '千代田区' },
        { transportType: 'DELIVERY', prefecture: '大阪府', city: '大阪市北区' },
      ],
    });
    expect(api.quotes.at(-1)!.transports[0]!.timeFrom.startsWith(today)).toBe(true);
    // The form has no handling or waiting minutes, nor a distance yet: none is sent.
    expect(api.quotes.at(-1)).not.toHaveProperty('handlingMinutes');
    expect(api.quotes.at(-1)).not.toHaveProperty('waitingMinutes');
    expect(api.quotes.at(-1)).not.toHaveProperty('distanceKm');

    const fare = covered(lastQuote());
    const status = within(panel()).getByRole('status');
    await until(() => status.textContent?.includes(formatYen(fare.total)) ?? false);
    expect(status).toHaveTextContent(F.panel.totalSentence(fare.total, fare.subtotal));
    expect(status).toHaveTextContent(`${F.panel.distance} ${groupDigits(fare.distance.km, 1)}km（推定）`);

    // The itemised breakdown, one click away.
    await user.click(within(panel()).getByText(F.panel.breakdown));
    const table = within(panel()).getByRole('table', { name: F.breakdown.caption });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    const lines = [fare.fare, ...fare.surcharges, ...fare.charges, fare.fuelSurcharge!];
    expect(rows).toEqual([
      ...lines.map((l) => `${l.label}${l.detail}${formatYen(l.amount)}`),
      `${F.breakdown.subtotal}${formatYen(fare.subtotal)}`,
      `${F.breakdown.consumptionTax(fare.taxRate)}${formatYen(fare.consumptionTax)}`,
      `${F.breakdown.total}${formatYen(fare.total)}`,
    ]);
    expect(lines.map((l) => l.code)).toContain('FUEL');

    const facts = within(panel());
    expect(facts.getByText(F.breakdown.table).nextSibling).toHaveTextContent(fare.version.instrument);
    expect(facts.getByText(F.breakdown.region).nextSibling).toHaveTextContent(`${fare.region.name}（${fare.region.authority}）`);
    expect(facts.getByText(F.breakdown.vehicleClass).nextSibling).toHaveTextContent(fare.vehicleClass.name);
    expect(facts.getByText(F.breakdown.fuelPrice).nextSibling).toHaveTextContent('軽油 160円/L（2026年11月01日から）');
    const assumptions = facts.getByRole('heading', { name: F.breakdown.assumptions }).nextSibling as HTMLElement;
    expect(
      within(assumptions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(fare.assumptions.map((a) => a.text));
  });

  it('quotes the real distance the shipper enters, and posts it with the request', async () => {
    const { user } = open();
    await fillDraft(user);
    await until(() => api.quotes.length > 0);
    await user.type(screen.getByLabelText(new RegExp(`^${F.distance.label}`)), '512.5');
    await until(() => api.quotes.at(-1)?.distanceKm === 512.5);
    const status = within(panel()).getByRole('status');
    await until(() => status.textContent?.includes('512.5km（入力値）') ?? false);
    expect(status).toHaveTextContent(F.panel.totalSentence(covered(lastQuote()).total, covered(lastQuote()).subtotal));

    await user.type(screen.getByLabelText(/荷物名/), '機械部品');
    await user.click(screen.getByRole('button', { name: T.submit }));
    const dialog = await screen.findByRole('dialog', { name: T.confirm.deliveryTitle });
    expect(dialog).toHaveTextContent(`${F.distance.fact}512.5km`);
    await until(() => dialog.style.pointerEvents === 'auto');
    await user.click(within(dialog).getByRole('button', { name: T.confirm.submit }));
    await until(() => api.posted.length === 1);
    expect(api.posted[0]).toMatchObject({ distanceKm: 512.5, vehicleType: 'FOUR_T_TRUCK', totalWeight: 1200 });
  });

  it('warns under a fixed price whose charges are far below the standard fare, and not once they reach 80 % of it', async () => {
    const { user } = open();
    await fillDraft(user);
    await until(() => api.quotes.length > 0);
    const { subtotal } = covered(lastQuote());
    await user.click(screen.getByRole('radio', { name: T.priceTypes.FIXED.label }));
    const price = await screen.findByLabelText(/金額/);

    const low = Math.floor(subtotal * 0.5);
    await user.type(price, String(low));
    const percent = Math.floor((low / subtotal) * 100);
    expect(await screen.findByText(F.fixedPrice.farBelow(percent, subtotal))).toBeInTheDocument();

    // The request's fuel surcharge is part of what the carrier is paid: with it, the charges reach the share.
    await user.type(screen.getByLabelText(/^燃料サーチャージ/), String(Math.ceil(subtotal * FIXED_PRICE_WARNING_SHARE) - low));
    await until(() => screen.queryByText(/標準的運賃を大きく下回る/) === null);
  });

  it('says when the job has no standard fare (軽車両), in the answer’s words', async () => {
    const { user } = open();
    await fillDraft(user, '軽車両');
    await until(() => api.quotes.length > 0);
    const answer = lastQuote().standardFare;
    expect(answer.covered).toBe(false);
    const status = within(panel()).getByRole('status');
    await until(() => status.textContent?.includes(!answer.covered ? answer.message : '') ?? false);
    expect(within(panel()).queryByText(F.panel.breakdown)).not.toBeInTheDocument();
  });
});
