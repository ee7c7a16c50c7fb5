/**
 * A page the server painted, taken over in the document as main.tsx does it: the app's router on
 * its path, hydrating the painted HTML (decisions 072, 074, 075).
 */
import { act, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { AppRoot } from '../app/providers';
import { createAppRouter } from '../app/router';

/**
 * Puts `html` in the document and hydrates it. `recoverable` holds what React could not take
 * over (a mismatch), `consoleError` what it complained of, `painted` the page's first node as
 * painted (the live page must still hold it).
 */
export async function hydratePainted(path: string, html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const painted = container.querySelector('main')!.firstElementChild;
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  await waitFor(() => expect(router.state.initialized).toBe(true));
  const recoverable: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error');
  const root = await act(async () =>
    hydrateRoot(
      container,
      <AppRoot painted>
        <RouterProvider router={router} />
      </AppRoot>,
      { onRecoverableError: (error) => recoverable.push(error) },
    ),
  );
  return { container, painted, recoverable, consoleError, root };
}
