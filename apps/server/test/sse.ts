/**
 * A server-sent-events reader over fetch, as the web reads the notification stream:
 * bearer token in the header, Last-Event-ID on resume, frames parsed as they arrive.
 */
export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** The next event (after those already taken by `next`) matching `match`, or a timeout error. */
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The highest id received: what a reconnect sends as Last-Event-ID. */
  lastEventId(): string | undefined;
  close(): void;
}

function parseFrame(frame: string): SseEvent | undefined {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  return { id, event, data: JSON.parse(data.join('\n')) };
}

export async function openStream(baseUrl: string, opts: { token?: string; lastEventId?: string } = {}): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/v1/notifications/stream`, {
    headers: {
      accept: 'text/event-stream',
      'accept-language': 'ja',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let cursor = 0;
  let maxId: number | undefined;
  let done = false;

  const ended = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const parsed = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (!parsed) continue;
          events.push(parsed);
          if (parsed.id !== undefined) maxId = Math.max(maxId ?? 0, Number(parsed.id));
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();

  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    lastEventId: () => (maxId === undefined ? undefined : String(maxId)),
    close: () => abort.abort(),
    next(match = () => true, timeoutMs = 60_000) {
      return new Promise<SseEvent>((resolve, reject) => {
        const check = () => {
          while (cursor < events.length) {
            const e = events[cursor++]!;
            if (match(e)) {
              cleanup();
              resolve(e);
              return;
            }
          }
          if (done) {
            cleanup();
            reject(new Error('stream ended'));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms (got: ${events.map((e) => e.event).join(', ')})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
