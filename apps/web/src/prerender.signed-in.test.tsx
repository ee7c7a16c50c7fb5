/**
 * Pages painted for a signed-in visitor (decision 075): the server renders the page as the
 * visitor's sign-in cookie says, with the answers its API gives the visitor's token, and the app
 * takes the painted nodes over (hydrates) without a mismatch. Here the "API" is the local server
 * the page tests use, reached over HTTP with the token the app sends.
 */
import { NOTIFICATION_UI_TEXT } from './texts/notifications';
import { MY_ITEMS_TEXT } from './texts/my-items';
import { REQUEST_CREATE_TEXT } from './texts/request-create';
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, DRIVER, carrierApi, delivery, fakeApi, message, talkroomOf } from './test/carrier-api.fixture';
import { deliveryRequest } from './test/request-item.fixture';
import {
  candidate,
  customerApi,
  fakeApi as customerItems,
  deliveryRequest as customerRequest,
} from './features/request-items/my-items/test-api';
import { AUTH_COOKIE, authStore } from './lib/auth-store';
import { readCookie } from './lib/cookies';
import type { PaintedData } from './lib/painted-data';
import { restoreQueries } from './lib/query-client';
import { onToastDemand } from './lib/toast';
import { type AnswerCall, type PaintedWithData, prerenderWithData } from './prerender';
import { hydratePainted } from './test/hydrate-painted';
import { fail, json, pageOf, serveApi, signIn, until } from './test/test-kit';

/**
 * The market as a signed-in carrier's calls see it; a shipper's own requests as the my-items page
 * tests answer them; anything else as the carriers' page tests do.
 */
const market = [deliveryRequest(1), deliveryRequest(2)];
const api = serveApi(async (call, res) => {
  if (/^GET \/api\/v1\/request-items\/(list|top-requests)\/private$/.test(call.route)) return json(res, pageOf(market, call.url));
  const detail = /^GET \/api\/v1\/request-items\/private\/([\w-]{36})$/.exec(call.route);
  if (detail) {
    const item = market.find((i) => i.id === detail[1]);
    return item ? json(res, item) : fail(res, 404, 'REQUEST_ITEM_NOT_FOUND');
  }
  if (/ \/api\/v1\/(request-items\/my-items|candidates)\b/.test(call.route)) return customerApi(call, res);
  // No stop reported yet on the carrier's request.
  const stopTimes = /^GET \/api\/v1\/request-items\/([\w-]{36})\/stop-times$/.exec(call.route);
  if (stopTimes)
    return json(res, { requestItemId: stopTimes[1], waitingChargePer30Min: null, waitingChargeTotal: null, stops: [] });
  // The trust panel (decision 105), the job's reviews and the stop notices' setting (decision 107):
  // nothing measured or written yet, the notices on.
  const trust = /^GET \/api\/v1\/request-items\/([\w-]{36})\/trust$/.exec(call.route);
  if (trust) return json(res, { requestItemId: trust[1], shipperRating: { count: 0, average: null }, sites: [] });
  if (/^GET \/api\/v1\/reviews$/.test(call.route))
    return json(res, {
      requestItemId: new URL(call.url, 'http://x').searchParams.get('requestItemId'),
      mySide: null,
      open: false,
      mine: null,
      theirs: null,
    });
  if (/^GET \/api\/v1\/request-items\/[\w-]{36}\/stop-notifications$/.test(call.route)) return json(res, { muted: false });
  return carrierApi(call, res);
});
const UNKNOWN = '0190a1b2-0000-7000-8000-00000000ffff';

/** The API as the server answers a call while it paints: the body of a 200, else nothing. */
const authorizations: (string | undefined)[] = [];
const answer: AnswerCall = async (url, authorization) => {
  authorizations.push(authorization);
  const res = await fetch(new URL(url, location.origin), { headers: authorization ? { authorization } : {} });
  return res.ok ? res.text() : undefined;
};

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  authorizations.length = 0;
  fakeApi.reset();
  customerItems.reset();
});

/**
 * Paints `path` for the signed-in `user` as the server would (it holds only the cookie), then
 * opens it as main.tsx does: the store restored from the same cookie, the answers put in the cache.
 */
async function paintFor(user: typeof CUSTOMER, path: string) {
  signIn(user);
  const cookie = readCookie(AUTH_COOKIE)!;
  // The server's process has no signed-in state of its own: only the cookie it was sent.
  authStore.restore(null);
  const page = await prerenderWithData(path, answer, cookie);
  authStore.restore();
  return page;
}

async function hydrateSignedIn(path: string, page: PaintedWithData) {
  restoreQueries((JSON.parse(JSON.stringify(page.data)) as PaintedData).queries);
  return hydratePainted(path, page.html);
}

/** Hydrates the painted page and checks that React took it over: no mismatch, no complaint, the painted nodes kept. */
async function expectTakenOver(path: string, page: PaintedWithData) {
  const { container, painted, recoverable, consoleError, root } = await hydrateSignedIn(path, page);
  expect(recoverable, path).toEqual([]);
  expect(consoleError, path).not.toHaveBeenCalled();
  expect(container.querySelector('main')!.firstElementChild, path).toBe(painted);
  act(() => root.unmount());
  vi.restoreAllMocks();
  document.body.innerHTML = '';
}

describe('pages painted for a signed-in visitor', () => {
  it('paints a customer’s request form with their name, and the app takes it over without a mismatch', async () => {
    const page = await paintFor(CUSTOMER, '/shipping-requests/create');
    expect(page!.data.user).toBe(CUSTOMER.id);
    const painted = new DOMParser().parseFromString(page!.html, 'text/html');
    expect(painted.querySelector('h1')!.textContent).toBe(REQUEST_CREATE_TEXT.title);
    expect(painted.querySelector('header')!.textContent).toContain(CUSTOMER.name);
    // Before the app runs nothing can be typed or sent, and a form would never send into a URL.
    const form = painted.querySelector('main form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.querySelector('input')!.matches(':disabled')).toBe(true);
    expect(form.querySelector('button[type="submit"]')!.matches(':disabled')).toBe(true);

    const {
      container,
      painted: first,
      recoverable,
      consoleError,
      root,
    } = await hydrateSignedIn('/shipping-requests/create', page!);
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector('main')!.firstElementChild).toBe(first);
    await waitFor(() => expect(container.querySelector('main form button[type="submit"]')).toBeEnabled());
    expect(container.querySelector('main form input')).toBeEnabled();
    // The bell comes with the app, once it runs.
    expect(await within(container).findByRole('button', { name: NOTIFICATION_UI_TEXT.bell })).toBeInTheDocument();
    act(() => root.unmount());
  }, 60_000);

  it.each(['/', '/shipping-requests/results', `/shipping-requests/detail/${market[0]!.id}`])(
    'paints %s with the market a signed-in driver sees, and the app takes it over without a mismatch',
    async (path) => {
      const page = await paintFor(DRIVER, path);
      expect(page!.data.user).toBe(DRIVER.id);
      expect(page!.html).toContain('冷凍食品1');
      expect(new Set(authorizations)).toEqual(new Set(['Bearer access-1']));

      await expectTakenOver(path, page!);
    },
  );

  it('paints a driver’s talkroom with its messages, asked for with the driver’s token', async () => {
    const item = delivery(1);
    const room = talkroomOf(item);
    fakeApi.items = [item];
    fakeApi.talkrooms = [room];
    fakeApi.messages = [message(1, CUSTOMER, 'お世話になります。', room.id)];
    const path = `/shipping-requests/detail/${item.id}/talkrooms/${room.id}`;

    const page = await paintFor(DRIVER, path);
    expect(page).not.toBeNull();
    expect(page!.html).toContain('お世話になります。');
    expect(authorizations.length).toBeGreaterThan(0);
    expect(new Set(authorizations)).toEqual(new Set(['Bearer access-1']));

    const { container, recoverable, consoleError, root } = await hydrateSignedIn(path, page!);
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(within(container).getByRole('log', { name: 'メッセージ' })).toHaveTextContent('お世話になります。');
    // Taken over: the app's stream opens, as on any visit.
    await until(() => api.streams.length > 0);
    act(() => root.unmount());
  });

  it('paints a shipper’s own requests and one of them with its candidates, as the notifications’ links open them', async () => {
    const item = customerRequest(1);
    customerItems.items = [item, customerRequest(2)];
    customerItems.candidates = [candidate(1, item.id)];
    for (const path of ['/shipping-requests/my-items', `/shipping-requests/my-items/detail/${item.id}`]) {
      const page = await paintFor(CUSTOMER, path);
      expect(page, path).not.toBeNull();
      expect(page!.html, path).toContain(item.deliveryItem!.baggageName);
      await expectTakenOver(path, page!);
    }
  });

  it('paints a shipper’s actions disabled, so that a tap before the app runs is not lost, and the app enables them', async () => {
    const item = customerRequest(1);
    customerItems.items = [item];
    const path = `/shipping-requests/my-items/detail/${item.id}`;
    const page = await paintFor(CUSTOMER, path);
    const painted = new DOMParser().parseFromString(page!.html, 'text/html');
    const buttons = [...painted.querySelectorAll('main button')];
    expect(buttons.map((b) => b.textContent)).toContain(MY_ITEMS_TEXT.detail.cancel);
    for (const button of buttons) expect(button.matches(':disabled'), button.textContent!).toBe(true);

    const { container, root } = await hydrateSignedIn(path, page!);
    const main = within(container.querySelector('main')!);
    await waitFor(() => expect(main.getByRole('button', { name: MY_ITEMS_TEXT.detail.cancel })).toBeEnabled());
    act(() => root.unmount());
  });

  it('paints a carrier’s applied requests and one of them, its tabs disabled until the app runs', async () => {
    const item = delivery(1);
    fakeApi.items = [item];
    fakeApi.talkrooms = [talkroomOf(item)];
    for (const path of ['/shipping-requests/applied-items', `/shipping-requests/applied-items/detail/${item.id}`]) {
      const page = await paintFor(DRIVER, path);
      expect(page, path).not.toBeNull();
      expect(page!.html, path).toContain(item.deliveryItem!.baggageName);
      const painted = new DOMParser().parseFromString(page!.html, 'text/html');
      if (path.endsWith('applied-items')) expect(painted.querySelectorAll('main [role="tab"]')).toHaveLength(3);
      for (const button of painted.querySelectorAll('main button'))
        expect(button.matches(':disabled'), button.outerHTML).toBe(true);
      await expectTakenOver(path, page!);
    }
  });

  it('paints nothing where the visitor would be sent elsewhere, or a call is refused', async () => {
    // A driver may not post a request: the guard sends them away.
    expect(await paintFor(DRIVER, '/shipping-requests/create')).toBeNull();
    // A talkroom the API does not show this visitor.
    expect(await paintFor(DRIVER, `/shipping-requests/detail/${UNKNOWN}/talkrooms/${UNKNOWN}`)).toBeNull();
    // A cookie the app cannot read is no sign-in: a signed-out visitor is sent to sign in.
    expect(await prerenderWithData('/shipping-requests/create', answer, 'not json')).toBeNull();
  });

  it('leaves nothing of the visitor behind for the next page: not the sign-in, not a toast', async () => {
    await paintFor(DRIVER, `/shipping-requests/detail/${UNKNOWN}/talkrooms/${UNKNOWN}`);
    authStore.restore(null);
    const next = await prerenderWithData('/sign-in/customer', answer);
    expect(new DOMParser().parseFromString(next!.html, 'text/html').querySelector('header')!.textContent).not.toContain(
      DRIVER.name,
    );
    // The refused call's error toast was never shown to anyone: none is waiting for the next page.
    const demanded = vi.fn();
    onToastDemand(demanded)();
    expect(demanded).not.toHaveBeenCalled();
  });
});
