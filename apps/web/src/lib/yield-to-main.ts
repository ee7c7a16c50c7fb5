/**
 * Ends the current task and goes on in a new one, so that the browser can paint and handle a tap
 * in between. Start-up work split this way blocks no input for long on a slow phone (Lighthouse's
 * blocking time counts each task's part over 50 ms). scheduler.yield() goes on ahead of other
 * queued tasks where the browser has it; setTimeout elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
