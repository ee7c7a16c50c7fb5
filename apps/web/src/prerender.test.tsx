/**
 * The painted landing pages (decision 072): what the build renders for a signed-out visitor is
 * exactly the app's first render of that page, so React takes the painted nodes over (hydrates)
 * without a mismatch, keeping them. A page that shows the time, the visitor or its URL's
 * parameter on first render would fail here, not in a visitor's console.
 */
import { paginationMeta } from '@logi/contract';
import type { TRequestItemDetail } from '@logi/contract';
import { act, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliveryRequest } from './test/request-item.fixture';
import type { PaintedData } from './lib/painted-data';
import { restoreQueries } from './lib/query-client';
import { type AnswerCall, PRERENDERED, prerender, prerenderWithData } from './prerender';
import { hydratePainted } from './test/hydrate-painted';
import { json, serveApi } from './test/test-kit';

const ID = '0192f0c4-aaaa-7bbb-8ccc-123456789abc';
/** What the API answers: the market's rows, and the detail of ID. */
let market: TRequestItemDetail[] = [];
const listAnswer = () => ({ meta: paginationMeta(1, 10, market.length), data: market });
const detailAnswer = () => deliveryRequest(1, { id: ID });

serveApi(({ url }, res) => {
  if (url.pathname === `/api/v1/request-items/public/${ID}`) return json(res, detailAnswer());
  if (url.pathname.startsWith('/api/v1/request-items/')) return json(res, listAnswer());
});

/** The server's answers to the page's calls, by API URL (path and query); any other call is not answered. */
const answering =
  (answers: [string, unknown][]): AnswerCall =>
  (url) =>
    Promise.resolve(answers.find(([answered]) => answered === url)?.[1]).then((body) =>
      body === undefined ? undefined : JSON.stringify(body),
    );

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The painted page in the document, then the app hydrating it as main.tsx does. */
async function paintAndHydrate(path: string, paintedHtml?: string) {
  const html = paintedHtml ?? (await prerender(path))?.html;
  if (html === undefined) throw new Error(`${path} redirects`);
  return hydratePainted(path, html);
}

describe('painted landing pages', () => {
  it.each(PRERENDERED.map((path) => path.replace(':id', ID)))('%s hydrates without a mismatch', async (path) => {
    const { container, painted, recoverable, consoleError, root } = await paintAndHydrate(path);
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // Taken over, not drawn again: the painted nodes are the live page's.
    expect(container.querySelector('main')!.firstElementChild).toBe(painted);
    act(() => root.unmount());
  });

  it('holds the sign-in submit until the app runs, and never sends a password in a URL', async () => {
    const { html } = (await prerender('/sign-in/customer'))!;
    const form = new DOMParser().parseFromString(html, 'text/html').querySelector('main form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.querySelector('button[type="submit"]')!.hasAttribute('disabled')).toBe(true);

    const { container, root } = await paintAndHydrate('/sign-in/customer');
    await waitFor(() => expect(container.querySelector('main button[type="submit"]')).toBeEnabled());
    act(() => root.unmount());
  });

  it('sends a search made before the app runs to the results', async () => {
    const { html } = (await prerender('/'))!;
    const search = new DOMParser().parseFromString(html, 'text/html').querySelector('form[role="search"]')!;
    expect(search.getAttribute('action')).toBe('/shipping-requests/results');
    expect(search.querySelector('input')!.getAttribute('name')).toBe('keyword');
  });

  it('names the API calls a page’s first render makes, for the server to start with the page', async () => {
    expect((await prerender('/'))!.calls).toEqual(['/api/v1/request-items/top-requests/public']);
    expect((await prerender('/shipping-requests/results'))!.calls).toEqual(['/api/v1/request-items/list/public?page=1&limit=10']);
    expect((await prerender(`/shipping-requests/detail/${ID}`))!.calls).toEqual([`/api/v1/request-items/public/${ID}`]);
    expect((await prerender('/sign-in/customer'))!.calls).toEqual([]);
  });

  it('paints nothing for a page a signed-out visitor is sent away from', async () => {
    expect(await prerender('/shipping-requests/create')).toBeNull();
  });
});

describe('pages painted with their data (decision 074)', () => {
  afterEach(() => {
    market = [];
  });

  /** Painted with the answers, then hydrated as main.tsx does: the cache restored from what went over the wire. */
  async function paintWithDataAndHydrate(path: string, answers: [string, unknown][]) {
    const page = await prerenderWithData(path, answering(answers));
    if (!page) throw new Error(`${path} was not painted`);
    restoreQueries((JSON.parse(JSON.stringify(page.data)) as PaintedData).queries);
    return { page, ...(await paintAndHydrate(path, page.html)) };
  }

  it('paints the results’ rows, and the app takes them over without a mismatch', async () => {
    market = [deliveryRequest(1), deliveryRequest(2)];
    const { page, container, painted, recoverable, consoleError, root } = await paintWithDataAndHydrate(
      '/shipping-requests/results',
      [['/api/v1/request-items/list/public?page=1&limit=10', listAnswer()]],
    );
    const rows = new DOMParser().parseFromString(page.html, 'text/html').querySelectorAll('[data-testid="request-row"]');
    expect([...rows].map((row) => row.textContent)).toEqual([
      expect.stringContaining('冷凍食品1'),
      expect.stringContaining('冷凍食品2'),
    ]);
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector('main')!.firstElementChild).toBe(painted);
    expect(within(container).getAllByTestId('request-row')).toHaveLength(2);
    act(() => root.unmount());
  });

  it('paints a request’s detail with its cargo', async () => {
    const { page, recoverable, consoleError, root } = await paintWithDataAndHydrate(`/shipping-requests/detail/${ID}`, [
      [`/api/v1/request-items/public/${ID}`, detailAnswer()],
    ]);
    expect(page.html).toContain('冷凍食品1');
    expect(page.data.user).toBe('');
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    act(() => root.unmount());
  });

  it('paints nothing when a first call has no answer: the server then sends the page as the build painted it', async () => {
    expect(await prerenderWithData('/shipping-requests/results', answering([]))).toBeNull();
    expect(await prerenderWithData('/shipping-requests/create', answering([]))).toBeNull();
  });
});
