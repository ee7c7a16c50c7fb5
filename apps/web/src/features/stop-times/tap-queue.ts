/**
 * The carrier's taps waiting to be sent (decision 061): kept in localStorage so that a tap
 * made without signal survives a reload, and sent in the order they were made, each with its
 * own time and the id made for it here (the server records an id once, so a resend after a
 * lost answer is harmless).
 */
import type { TStopTimeBody } from '@logi/contract';
import { ApiError } from '../../lib/api';

export interface QueuedTap extends TStopTimeBody {
  requestItemId: string;
}

const KEY = 'logi.stopTimeQueue';

export function readQueue(): QueuedTap[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedTap[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedTap[]): void {
  localStorage.setItem(KEY, JSON.stringify(queue));
}

/** A tap made now, queued before it is sent. */
export function enqueueTap(tap: Omit<QueuedTap, 'clientId' | 'occurredAt'>, now = new Date()): QueuedTap {
  const queued: QueuedTap = { ...tap, clientId: crypto.randomUUID(), occurredAt: now.toISOString() };
  writeQueue([...readQueue(), queued]);
  return queued;
}

export interface FlushResult {
  sent: QueuedTap[];
  /** Taps the server refused (a 4xx answer): sending them again would not help. */
  refused: { tap: QueuedTap; error: ApiError }[];
  /** Still queued: the network (or the server) failed, to be tried again later. */
  remaining: number;
}

/** The answers that say this tap will never be accepted (bad input, no such job or stop, out of order). */
const REFUSALS = new Set([400, 403, 404, 409]);

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends the queue in order; stops at the first tap that could not reach the server (so the
 * later ones keep their order). One flush at a time: a second call waits for the first.
 */
export function flushQueue(send: (tap: QueuedTap) => Promise<unknown>): Promise<FlushResult> {
  if (!flushing) {
    // Cleared after it settles (not in the body, which may finish before the assignment).
    flushing = sendAll(send);
    void flushing.finally(() => {
      flushing = null;
    });
  }
  return flushing;
}

async function sendAll(send: (tap: QueuedTap) => Promise<unknown>): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], remaining: 0 };
  for (;;) {
    const [tap] = readQueue();
    if (!tap) break;
    try {
      await send(tap);
      result.sent.push(tap);
    } catch (error) {
      // A signed-out session (401) or a busy server keeps the tap for later.
      const refused = error instanceof ApiError && REFUSALS.has(error.status);
      if (!refused) break;
      result.refused.push({ tap, error });
    }
    writeQueue(readQueue().filter((t) => t.clientId !== tap.clientId));
  }
  result.remaining = readQueue().length;
  return result;
}
