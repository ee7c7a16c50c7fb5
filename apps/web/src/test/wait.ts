/**
 * How long a test waits for what the user would see. Waits end as soon as it is there, so
 * only a hang takes this long: the suite must pass with the CPU saturated (`.ci/run` runs it
 * under load), where one render of a long form takes seconds.
 */
import { expect, vi } from 'vitest';

export const UI_WAIT_MS = 60_000;

/** Waits until `check` holds (a request seen by the test server, a toast shown …). */
export const until = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: UI_WAIT_MS, interval: 20 });
