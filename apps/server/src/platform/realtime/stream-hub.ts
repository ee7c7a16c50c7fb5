/**
 * The stream connections one instance holds, and their delivery: every bus message,
 * put back into commit order (ordered-feed.ts), is turned into one server-sent-events
 * frame, written to each local connection it is addressed to (by user id, or to the
 * recipients of a broadcast's notification). One heartbeat timer serves every
 * connection, so a connection costs no timer of its own.
 */
import { type BusMessage, type RealtimeBus, SESSION_CHECK_EVENT } from './bus';
import { createOrderedFeed, type OrderedFeedOptions } from './ordered-feed';

/** How often the stream log is read while the bus is away (and once after it returns). */
const BUS_DOWN_POLL_MS = 1000;

export interface StreamClient {
  readonly userId: string;
  /** Takes a frame; `id` is the SSE id when the frame carries one (replayable events). */
  deliver(frame: string, id?: number): void;
  /** Ends the stream (the response is finished). */
  close(): void;
}

/** One SSE frame. JSON has no raw newline, so `data` is always a single line. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface StreamHubOptions<C extends StreamClient> {
  heartbeatMs: number;
  heartbeatEvent: string;
  /** Called with the local connections of users whose sessions changed (logout, suspension …). */
  onSessionCheck(clients: C[]): void;
  /** Which of `userIds` the notification was written for (a broadcast's recipients). */
  recipientsAmong(notificationId: string, userIds: string[]): Promise<string[]>;
  /** The stream log, read to fill what the bus lost or brought out of order. */
  readLog: OrderedFeedOptions['readLog'];
  onError(err: unknown): void;
}

export interface StreamHub<C extends StreamClient> {
  /** Starts delivering the events after `position` (the end of the log when the instance starts). */
  start(position: number): void;
  /** Registers a connection; returns its removal. */
  add(client: C): () => void;
  readonly size: number;
  /** Ends every stream (shutdown) and stops listening. */
  close(): void;
}

export function createStreamHub<C extends StreamClient>(bus: RealtimeBus, options: StreamHubOptions<C>): StreamHub<C> {
  const byUser = new Map<string, Set<C>>();
  let size = 0;

  const clientsOfUsers = (userIds: string[]) => userIds.flatMap((id) => [...(byUser.get(id) ?? [])]);

  async function dispatch(message: BusMessage) {
    const { target } = message;
    if (message.event === SESSION_CHECK_EVENT) {
      if ('userIds' in target) options.onSessionCheck(clientsOfUsers(target.userIds));
      return;
    }
    const frame = sseFrame(message.event, message.data, message.id);
    if ('userIds' in target) {
      for (const client of clientsOfUsers(target.userIds)) client.deliver(frame, message.id);
      return;
    }
    // A broadcast goes to the accounts it was written for, not to whoever holds the role now.
    if (byUser.size === 0) return;
    let recipients: string[];
    try {
      recipients = await options.recipientsAmong(target.notificationId, [...byUser.keys()]);
    } catch (err) {
      // Who received it is unknown (the database is away): end the streams; they resume from the log.
      options.onError(err);
      for (const clients of [...byUser.values()]) for (const client of [...clients]) client.close();
      return;
    }
    for (const client of clientsOfUsers(recipients)) client.deliver(frame, message.id);
  }

  const feed = createOrderedFeed({ readLog: options.readLog, deliver: dispatch, onError: options.onError });
  const unsubscribe = bus.subscribe(feed.push);
  const heartbeat = setInterval(() => {
    const frame = sseFrame(options.heartbeatEvent, { at: new Date().toISOString() });
    for (const clients of byUser.values()) for (const client of clients) client.deliver(frame);
    // A publish that failed is read from the log at least this often.
    feed.catchUp();
  }, options.heartbeatMs);
  heartbeat.unref();
  let busWasDown = false;
  const busWatch = setInterval(() => {
    const down = !bus.connected;
    if (down || busWasDown) feed.catchUp();
    busWasDown = down;
  }, BUS_DOWN_POLL_MS);
  busWatch.unref();

  let closed = false;
  return {
    start: feed.start,
    add(client) {
      // A stream that finishes opening during shutdown ends at once.
      if (closed) {
        client.close();
        return () => {};
      }
      let set = byUser.get(client.userId);
      if (!set) byUser.set(client.userId, (set = new Set()));
      set.add(client);
      size++;
      return () => {
        if (!set.delete(client)) return;
        size--;
        if (set.size === 0 && byUser.get(client.userId) === set) byUser.delete(client.userId);
      };
    },
    get size() {
      return size;
    },
    close() {
      closed = true;
      clearInterval(heartbeat);
      clearInterval(busWatch);
      unsubscribe();
      feed.stop();
      for (const clients of [...byUser.values()]) for (const client of [...clients]) client.close();
      byUser.clear();
      size = 0;
    },
  };
}
