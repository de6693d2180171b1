import { formatEventDate } from '../../../../src/shared/dates';
import { QUEUE_MSG } from '../../../../src/shared/messages/queue';
import type { QueueAction, QueueSetting } from '../../../../src/shared/schemas/queue';
import type { PlaceView, QueueLive } from '../../../durable-objects/queue/types';
import { inventoryOf, queueOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';
import { tooManyRequests } from '../../lib/throttle';
import { emit } from '../../reactions';
import type { Defer } from '../payments/apply';
import { deliverQueueMails, queueRemovedMails } from './mail';

type SettingRow = {
  event_id: number;
  event_date_id: number | null;
  opens_at: string;
  prequeue_minutes: number;
  dni_cap: number | null;
  rate_per_minute: number;
  hold_limit: number | null;
  mode: 'queue' | 'normal';
  waitlist_open: number;
};

export async function queueSetting(db: D1Database, eventId: number) {
  return db.prepare('select * from event_queues where event_id = ?').bind(eventId).first<SettingRow>();
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A place as the API answers it (snake_case, ISO dates). */
export function placeJson(place: PlaceView) {
  return {
    state: place.state,
    closed_reason: place.closedReason,
    opens_at: iso(place.opensAt),
    prequeue_opens_at: iso(place.prequeueOpensAt),
    joined: place.joined,
    prequeue_number: place.prequeueNumber,
    position: place.position,
    ahead: place.ahead,
    admitted: place.admitted,
    pass: place.pass,
    pass_expires_at: iso(place.passExpiresAt),
    estimate_seconds: place.estimateSeconds,
  };
}

export function liveJson(live: QueueLive) {
  return {
    state: live.state,
    closed_reason: live.closedReason,
    opens_at: iso(live.opensAt),
    prequeue_opens_at: iso(live.prequeueOpensAt),
    rate_per_minute: live.ratePerMinute,
    hold_limit: live.holdLimit,
    length: live.length,
    prequeue_size: live.prequeueSize,
    waiting: live.waiting,
    admitted: live.admitted,
    active_holds: live.activeHolds,
    sold: live.sold,
    remaining: live.remaining,
    seed_hash: live.seedHash,
  };
}

/** The public view of an event's queue (what the event page and the proof page show), or null. */
export async function publicQueue(env: Env, eventId: number) {
  const setting = await queueSetting(env.DB, eventId);
  if (!setting) return null;
  const proof = await queueOf(env, eventId).proof();
  if (!proof) return null;
  return {
    event_id: eventId,
    event_date_id: setting.event_date_id,
    state: proof.state,
    opens_at: iso(proof.opensAt),
    prequeue_opens_at: iso(proof.prequeueOpensAt),
    dni_cap: setting.dni_cap,
    // 'normal': closed back to the normal sale (the page shows the ticket selector again).
    mode: setting.mode,
    // The producer opened the waiting list while the queue runs (else it opens when the queue closes).
    waitlist_open: setting.waitlist_open === 1,
    seed_hash: proof.seedHash,
    seed: proof.seed,
    prequeue_size: proof.prequeueSize,
    drawn_at: iso(proof.drawnAt),
    algorithm: proof.algorithm,
  };
}

/**
 * Marks the event as "Venta con fila" (or changes the setting). The opening must be in the future, and
 * once the draw happened the opening can no longer move. The inventory reads the setting with its sale
 * configuration (the trigger bumps the sale version), so from now on holds need a pass.
 */
export async function setQueue(env: Env, eventId: number, input: QueueSetting) {
  const opensAt = new Date(input.opens_at).getTime();
  const current = await queueSetting(env.DB, eventId);
  const moved = !current || new Date(current.opens_at).getTime() !== opensAt;
  if (moved && opensAt <= Date.now()) fail(400, QUEUE_MSG.opensInPast, { opens_at: [QUEUE_MSG.opensInPast] });
  if (current && !moved && opensAt <= Date.now() && current.event_date_id !== input.event_date_id) {
    fail(409, QUEUE_MSG.openedAlready);
  }
  if (input.event_date_id !== null) {
    const date = await env.DB.prepare('select 1 from event_dates where id = ? and event_id = ?')
      .bind(input.event_date_id, eventId)
      .first();
    if (!date) fail(400, QUEUE_MSG.wrongDate, { event_date_id: [QUEUE_MSG.wrongDate] });
  }
  const configured = await queueOf(env, eventId).configure({
    eventId,
    opensAt,
    prequeueMinutes: input.prequeue_minutes,
    ratePerMinute: input.rate_per_minute,
    holdLimit: input.hold_limit,
  });
  if (!configured.ok) fail(409, QUEUE_MSG.openedAlready);
  // A new queue holds the event's stock from now on: what comes back stays on sale for it (not the waiting list).
  if (!current) await holdStockForQueue(env, eventId);
  const now = new Date().toISOString();
  await env.DB.prepare(
    `insert into event_queues (event_id, event_date_id, opens_at, prequeue_minutes, dni_cap, rate_per_minute, hold_limit, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (event_id) do update set event_date_id = excluded.event_date_id, opens_at = excluded.opens_at,
       prequeue_minutes = excluded.prequeue_minutes,
       dni_cap = excluded.dni_cap, rate_per_minute = excluded.rate_per_minute, hold_limit = excluded.hold_limit,
       updated_at = excluded.updated_at`,
  )
    .bind(
      eventId,
      input.event_date_id,
      new Date(opensAt).toISOString(),
      input.prequeue_minutes,
      input.dni_cap,
      input.rate_per_minute,
      input.hold_limit,
      now,
    )
    .run();
  await emit(env, { kind: 'saleConfigChanged', eventId });
  return adminQueue(env, eventId);
}

/** The inventory keeps the stock for the queue; a sold-out event cannot (a Spanish 409). */
async function holdStockForQueue(env: Env, eventId: number) {
  const gate = await inventoryOf(env, eventId).setQueueGate(true);
  if (!gate.ok) fail(409, QUEUE_MSG.noStock);
}

/**
 * Takes "Venta con fila" off, only before the opening (afterwards the producer closes the queue instead). With
 * people in the pre-queue it needs `confirmDropped`, their number as the producer was shown it (else a Spanish
 * 409 says how many would be dropped, and nothing changes); they are told by e-mail. The committed seed is kept.
 */
export async function removeQueue(env: Env, eventId: number, confirmDropped: number | null, defer: Defer) {
  const current = await queueSetting(env.DB, eventId);
  if (!current) fail(404, QUEUE_MSG.noQueue);
  if (new Date(current.opens_at).getTime() <= Date.now()) fail(409, QUEUE_MSG.openedAlready);
  const removed = await queueOf(env, eventId).remove(confirmDropped);
  if (!removed.ok) {
    const message = QUEUE_MSG.removeConfirm(removed.count);
    fail(409, message, { confirm_dropped: [message] });
  }
  await env.DB.prepare('delete from event_queues where event_id = ?').bind(eventId).run();
  await inventoryOf(env, eventId).removeQueueGate();
  await emit(env, { kind: 'saleConfigChanged', eventId });
  if (removed.dropped.length > 0) {
    const mails = await queueRemovedMails(env, eventId, removed.dropped);
    defer(deliverQueueMails(env, mails));
  }
  return { dropped: removed.dropped.length };
}

/** The producer's view: the setting and the live counts. */
export async function adminQueue(env: Env, eventId: number) {
  const setting = await queueSetting(env.DB, eventId);
  if (!setting) return { setting: null, live: null };
  const live = await queueOf(env, eventId).live();
  return {
    setting: {
      event_date_id: setting.event_date_id,
      mode: setting.mode,
      waitlist_open: setting.waitlist_open === 1,
      opens_at: setting.opens_at,
      prequeue_minutes: setting.prequeue_minutes,
      dni_cap: setting.dni_cap,
      rate_per_minute: setting.rate_per_minute,
      hold_limit: setting.hold_limit,
    },
    live: live ? liveJson(live) : null,
  };
}

/**
 * The producer's controls of a running queue. `close` ends the queue for good as far as passes go (the online
 * sale of what it covers ends; the waiting list opens); `close_normal` closes it and goes back to the normal
 * sale (holds need no pass: the event page shows its ticket selector again); `reopen` opens a closed queue again
 * (the stock is the queue's again first, then holds need a pass, then admission goes on); `waitlist_open` and
 * `waitlist_closed` are the producer's choice to let people join the waiting list while the queue runs.
 */
export async function controlQueue(env: Env, eventId: number, action: QueueAction, by: number) {
  if (!(await queueSetting(env.DB, eventId))) fail(404, QUEUE_MSG.noQueue);
  const queue = queueOf(env, eventId);
  const inventory = inventoryOf(env, eventId);
  const setMode = async (mode: 'queue' | 'normal') => {
    await env.DB.prepare('update event_queues set mode = ?, updated_at = ? where event_id = ?')
      .bind(mode, new Date().toISOString(), eventId)
      .run();
    await emit(env, { kind: 'saleConfigChanged', eventId });
  };
  let live: QueueLive | null;
  if (action === 'waitlist_open' || action === 'waitlist_closed') {
    const open = action === 'waitlist_open';
    await inventory.setQueueWaitlist(open);
    await env.DB.prepare('update event_queues set waitlist_open = ? where event_id = ?')
      .bind(open ? 1 : 0, eventId)
      .run();
    live = await queue.live();
  } else if (action === 'reopen') {
    await holdStockForQueue(env, eventId);
    await setMode('queue');
    live = await queue.control('reopen');
  } else {
    live = await queue.control(action);
    if (action === 'close_normal') await setMode('normal');
    if (action === 'close' || action === 'close_normal') {
      await inventory.setQueueGate(false);
      // The event page shows the closed queue (and its waiting list): a new catalogue version (migration 0048).
      await env.DB.prepare('update event_queues set updated_at = ? where event_id = ?')
        .bind(new Date().toISOString(), eventId)
        .run();
    }
  }
  console.info(JSON.stringify({ queue: 'control', eventId, action, by }));
  return live ? liveJson(live) : null;
}

export async function rateQueue(
  env: Env,
  eventId: number,
  changes: { rate_per_minute?: number; hold_limit?: number | null },
) {
  if (!(await queueSetting(env.DB, eventId))) fail(404, QUEUE_MSG.noQueue);
  const sets: string[] = [];
  const binds: (number | null)[] = [];
  if (changes.rate_per_minute !== undefined) {
    sets.push('rate_per_minute = ?');
    binds.push(changes.rate_per_minute);
  }
  if (changes.hold_limit !== undefined) {
    sets.push('hold_limit = ?');
    binds.push(changes.hold_limit);
  }
  if (sets.length > 0) {
    await env.DB.prepare(`update event_queues set ${sets.join(', ')} where event_id = ?`)
      .bind(...binds, eventId)
      .run();
  }
  const live = await queueOf(env, eventId).setRate({
    ratePerMinute: changes.rate_per_minute,
    holdLimit: changes.hold_limit,
  });
  return live ? liveJson(live) : null;
}

/**
 * Joins the event's queue: a signed-in account (the route checked the session) with a verified e-mail and a
 * DNI, at most `queueJoinAddress` joins per address a minute. This runs for every buyer at once before an
 * opening, so it is one call to the queue object and nothing else: the object counts the address and reads
 * the account itself (durable-objects/queue/object.ts join). Every refusal is logged there.
 */
export async function joinQueue(env: Env, userId: number, eventId: number, address: string | undefined) {
  const joined = await queueOf(env, eventId).join(userId, address ?? null);
  if (!joined.ok) {
    if (joined.reason === 'throttled') tooManyRequests(joined.retryAfterSeconds);
    if (joined.reason === 'no_queue') fail(404, QUEUE_MSG.noQueue);
    if (joined.reason === 'unverified') fail(403, QUEUE_MSG.unverified);
    if (joined.reason === 'no_dni') fail(403, QUEUE_MSG.noDni);
    if (joined.reason === 'dni_taken') fail(409, QUEUE_MSG.dniTaken);
    if (joined.reason === 'too_early') {
      fail(409, QUEUE_MSG.tooEarly(formatEventDate(new Date(joined.prequeueOpensAt ?? 0).toISOString())));
    }
    fail(409, QUEUE_MSG.closed);
  }
  return { existing: joined.existing, place: placeJson(joined.place) };
}

/** The caller's place (with their pass once admitted). */
export async function myPlace(env: Env, userId: number, eventId: number) {
  // No D1 read: the poll of every waiting buyer costs one call to the queue object.
  const place = await queueOf(env, eventId).place(userId);
  if (place.state === 'unconfigured') fail(404, QUEUE_MSG.noQueue);
  return placeJson(place);
}
