import { CHECKIN_MSG } from '../../../shared/messages/checkin';
import { ApiError } from '../../../shared/provider-result';
import type { Counters, OfflineBundle } from '../types';
import type { QueuedScan } from './door-store';

/**
 * The door scanner's rules, free of React and of the browser's APIs, so they are unit-tested on their own:
 * connectivity judged from the outcome of real calls, suppression of repeated reads, the order in which
 * queued scans reach the server, and the counters shown while offline.
 */

/** A scan answer slower than this is decided on the device and queued (the badge says "Sin conexión"). */
export const SCAN_TIMEOUT_MS = 1_500;
/** While offline, a light call to the server this often tells when it answers again. */
export const HEARTBEAT_MS = 3_000;
/** The same code read again on this device within this window shows the same card, without a new scan. */
export const REPEAT_MS = 5_000;
/** Queued scans sent per request (the API takes at most 100). */
export const SYNC_BATCH = 100;

// ---------------------------------------------------------------------------------------------------------
// Connectivity

/**
 * Online means "the server answered our last call in time", not `navigator.onLine` (which stays true behind
 * captive Wi-Fi, a dead router or a stalled server). The browser's hint only ever takes us offline early.
 */
export type Connectivity = { online: boolean; changedAt: number };

export type CallOutcome = 'ok' | 'failed' | 'slow';

export const initialConnectivity = (hintOnline: boolean, now: number): Connectivity => ({
  online: hintOnline,
  changedAt: now,
});

/** The state after a call's outcome: any failure or slow answer switches offline; a success back online. */
export function afterCall(state: Connectivity, outcome: CallOutcome, now: number): Connectivity {
  const online = outcome === 'ok';
  return online === state.online ? state : { online, changedAt: now };
}

/** The browser's own events: "offline" is believed at once; "online" only asks for a heartbeat. */
export function afterHint(state: Connectivity, hintOnline: boolean, now: number): Connectivity {
  return hintOnline ? state : afterCall(state, 'failed', now);
}

/** A call that did not reach our API, or not in time (counts as offline), versus a refusal the API answered. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  if (!(error instanceof ApiError)) return true; // a captive portal's HTML, a broken body, fetch rejected
  if (error.status === 0 || error.status >= 500) return true;
  return false;
}

export class TimeoutError extends Error {
  constructor() {
    super(CHECKIN_MSG.timeout);
  }
}

/** Rejects with TimeoutError after `ms` (the call itself goes on; its nonce keeps a late answer harmless). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** What the heartbeat expects from our server: a captive portal answers 200 too, with its own page. */
export function isHeartbeatAnswer(body: unknown): boolean {
  const data = (body as { data?: { service?: unknown } } | null)?.data;
  return data?.service === 'boleteria-door';
}

/** A scan answer has the shape the API gives; anything else (a portal's page) is a network failure. */
export function isScanAnswer(body: unknown): body is { data: { result: string } } {
  const data = (body as { data?: { result?: unknown } } | null)?.data;
  return typeof data?.result === 'string';
}

// ---------------------------------------------------------------------------------------------------------
// Repeat suppression

/**
 * The camera keeps filming the ticket after its card shows: every read of the same code within the window
 * (sliding: each read renews it) gets the card of the first read, and no new scan reaches the server, so a
 * person never sees "ya usada" about their own admission.
 */
export class RepeatGuard<Card> {
  private readonly seen = new Map<string, { card: Card; at: number }>();

  constructor(private readonly windowMs = REPEAT_MS) {}

  /** The card already shown for this code, if it was read within the window (which this read renews). */
  repeat(code: string, now: number): Card | null {
    const hit = this.seen.get(code);
    if (!hit) return null;
    if (now - hit.at >= this.windowMs) {
      this.seen.delete(code);
      return null;
    }
    hit.at = now;
    return hit.card;
  }

  remember(code: string, card: Card, now: number) {
    this.seen.set(code, { card, at: now });
    for (const [key, value] of this.seen) if (now - value.at >= this.windowMs) this.seen.delete(key);
  }

  clear() {
    this.seen.clear();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Queue and sync ordering

/** Queued scans in the order they were made (device time, then the order they were queued). */
export function inScanOrder(queue: QueuedScan[]): QueuedScan[] {
  return queue
    .map((scan, index) => ({ scan, index }))
    .sort((a, b) => a.scan.client_at.localeCompare(b.scan.client_at) || a.index - b.index)
    .map((e) => e.scan);
}

/** The next request of a sync: the oldest scans first, at most SYNC_BATCH. */
export const nextBatch = (queue: QueuedScan[]) => inScanOrder(queue).slice(0, SYNC_BATCH);

/**
 * How a new scan goes: online with an empty queue, to the server; online with a queue, the queue first
 * (a ticket admitted offline and filmed again must not be admitted twice), then the server; offline, here.
 */
export function scanRoute(online: boolean, queued: number): 'server' | 'sync-then-server' | 'local' {
  if (!online) return 'local';
  return queued > 0 ? 'sync-then-server' : 'server';
}

// ---------------------------------------------------------------------------------------------------------
// Offline counters

/**
 * The counters while the server is out of reach: its last figures plus the admissions this device queued
 * since (the server has not counted them yet). Without any server figures, counted from the download.
 */
export function localCounters(
  base: Counters | null,
  bundle: OfflineBundle | null,
  queue: QueuedScan[],
): Counters | null {
  const admitted = queue.filter((q) => q.local_result === 'admitted' && q.kind === 'entry');
  if (base) {
    const tickets = new Set(admitted.map((q) => q.ticket_id ?? q.nonce));
    return {
      ...base,
      event: { ...base.event, admitted: base.event.admitted + tickets.size },
      lists: base.lists.map((l) => ({
        ...l,
        admitted: l.admitted + admitted.filter((q) => q.list_id === l.id).length,
      })),
      gates: base.gates.map((g) => ({
        ...g,
        admitted: g.admitted + admitted.filter((q) => q.gate_id === g.id).length,
      })),
    };
  }
  if (!bundle) return null;
  const entitled = bundle.tickets.filter((t) => t.status === 'valid' && t.order_status === 'paid');
  const expectedOf = (typeIds: number[]) =>
    typeIds.length === 0 ? entitled.length : entitled.filter((t) => typeIds.includes(t.type_id)).length;
  // The download's admissions already include this device's local ones (applied when decided).
  return {
    event: { admitted: new Set(bundle.admissions.map((a) => a.ticket_id)).size, expected: expectedOf([]) },
    lists: bundle.lists.map((l) => ({
      ...l,
      admitted: bundle.admissions.filter((a) => a.list_id === l.id).length,
      expected: expectedOf(l.type_ids),
    })),
    gates: bundle.gates.map((g) => ({
      ...g,
      admitted: bundle.admissions.filter((a) => a.gate === g.name).length,
    })),
  };
}
