/**
 * jsdom lacks a few browser APIs that Radix primitives (select, popover, checkbox) call;
 * these stand-ins do what a browser would for a test that clicks and types.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { UI_WAIT_MS } from './wait';

// findBy… and waitFor wait for what the user sees, as long as a loaded machine needs.
configure({ asyncUtilTimeout: UI_WAIT_MS });
afterEach(cleanup);
// What a page keeps in the browser (the create form's draft, decision 107) does not carry into the next test.
afterEach(() => localStorage.clear());

class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStandIn;

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
