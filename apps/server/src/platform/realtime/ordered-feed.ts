/**
 * Puts the stream events one instance receives back into commit order (decision 045).
 *
 * Events are committed in id order (their ids are taken under a lock held until
 * commit) but published after commit, so they reach an instance in any order, or not
 * at all (a failed publish, Redis away). The feed hands them on strictly by id, each
 * once: an event that arrives ahead of a missing one waits, and the gap is read from
 * the stream log. When event n has arrived, n is committed, so every id below it is
 * decided (committed or rolled back): one read of the log up to n fills the gap for
 * good. A client that received id n on this instance has therefore received every
 * event below n addressed to it, and resuming from its highest id skips nothing.
 *
 * Events without an id (control messages) pass through at once.
 */
import type { BusMessage } from './bus';

/** Events read from the log per query while catching up. */
const READ_BATCH = 500;
const RETRY_MS = 1000;

export interface OrderedFeedOptions {
  /** The committed events with `afterId` < id ≤ `upTo` (no bound when absent), by id, at most `limit`. */
  readLog(afterId: number, upTo: number | undefined, limit: number): Promise<BusMessage[]>;
  /** Takes each event once, in id order: the next waits until the promise it returns settles. */
  deliver(message: BusMessage): void | Promise<void>;
  onError(err: unknown): void;
}

export interface OrderedFeed {
  /** Sets the position from which events are delivered (the end of the log when the instance starts). */
  start(afterId: number): void;
  push(message: BusMessage): void;
  /** Reads what the bus may have lost (Redis away, a failed publish) from the log. */
  catchUp(): void;
  /** The highest id delivered: every event up to it has been handed on, or never will be. */
  readonly position: number | undefined;
  stop(): void;
}

export function createOrderedFeed(options: OrderedFeedOptions): OrderedFeed {
  let delivered: number | undefined;
  /** Events that arrived ahead of a gap, by id. */
  const early = new Map<number, BusMessage>();
  let reading = false;
  let readAgain = false;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  /** Deliveries run one after the other (a broadcast's delivery looks up its recipients). */
  let delivering: Promise<void> = Promise.resolve();

  function accept(message: BusMessage) {
    delivered = message.id!;
    delivering = delivering.then(() => options.deliver(message)).catch(options.onError);
  }

  /** Hands on the early events that are now next in line. */
  function drain() {
    if (delivered === undefined) return;
    for (const id of [...early.keys()].sort((x, y) => x - y)) {
      if (id <= delivered) early.delete(id);
      else if (id === delivered + 1) {
        accept(early.get(id)!);
        early.delete(id);
      } else return;
    }
  }

  /** Reads the log from the position up to the newest early event (or to its end) and delivers it. */
  async function fill() {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      do {
        readAgain = false;
        if (delivered === undefined || stopped) return;
        const upTo = early.size ? Math.max(...early.keys()) : undefined;
        let batch: BusMessage[];
        do {
          batch = await options.readLog(delivered, upTo, READ_BATCH);
          // Events delivered from the bus during the read are skipped.
          for (const message of batch) if (message.id! > delivered!) accept(message);
        } while (batch.length === READ_BATCH && !stopped);
        // Everything below the newest early event is decided: an id still missing was rolled back.
        if (upTo !== undefined && delivered! < upTo - 1) delivered = upTo - 1;
        drain();
      } while (readAgain || early.size > 0);
    } catch (err) {
      options.onError(err);
      if (!stopped && !retry) {
        retry = setTimeout(() => {
          retry = undefined;
          void fill();
        }, RETRY_MS);
        retry.unref();
      }
    } finally {
      reading = false;
    }
  }

  return {
    start(afterId) {
      delivered = afterId;
      drain();
      if (early.size) void fill();
    },
    push(message) {
      if (stopped) return;
      if (message.id === undefined) {
        void Promise.resolve(options.deliver(message)).catch(options.onError);
        return;
      }
      if (delivered !== undefined && message.id <= delivered) return;
      if (delivered !== undefined && message.id === delivered + 1) {
        accept(message);
        drain();
        return;
      }
      early.set(message.id, message);
      void fill();
    },
    catchUp() {
      if (!stopped) void fill();
    },
    get position() {
      return delivered;
    },
    stop() {
      stopped = true;
      clearTimeout(retry);
      early.clear();
    },
  };
}
