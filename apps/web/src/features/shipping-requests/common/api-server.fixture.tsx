/**
 * For page tests: a local HTTP server answering like the API, and the app (real router,
 * routes, guard, dialogs and query client) opened on a path in a memory router.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Providers } from '../../../app/providers';
import { createAppRouter } from '../../../app/router';

declare const jsdom: { reconfigure(options: { url: string }): void };

export interface Recorded {
  method: string;
  url: string;
  body: unknown;
}

export type Handler = (req: { method: string; url: URL; body: unknown }, res: ServerResponse) => boolean | void;

export const json = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text ? JSON.parse(text) : undefined));
  });

/** Starts the server on a free port and points jsdom's origin at it; `handle` answers or returns false. */
export async function startApiServer(handle: Handler) {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const url = new URL(req.url!, 'http://api.test');
      requests.push({ method: req.method!, url: req.url!, body });
      if (url.pathname === '/api/v1/notifications/has-unread') return json(res, { hasUnreadNotifications: false });
      if (handle({ method: req.method!, url, body }, res) === false || !res.headersSent) {
        if (!res.headersSent) json(res, { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'not found' }, 404);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
  return {
    requests,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function openApp(path: string) {
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** A `{ meta, data }` page as the lists answer it. */
export function page<T>(data: T[], { page = 1, limit = 10, total = data.length } = {}) {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  return {
    meta: {
      isFirstPage: page === 1,
      isLastPage: page >= pageCount,
      currentPage: page,
      previousPage: page > 1 ? page - 1 : null,
      nextPage: page < pageCount ? page + 1 : null,
      pageCount,
      totalCount: total,
    },
    data,
  };
}
