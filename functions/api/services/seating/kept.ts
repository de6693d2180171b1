import { KEPT_GROUP_LABEL, KEPT_SEATS_MSG, SEATED_EVENT_MSG } from '../../../../src/shared/messages/seating';
import type { KeptSeats } from '../../../../src/shared/schemas/seating';
import type { KeepResult, KeptGroup } from '../../../durable-objects/inventory/types';
import { inventoryOf } from '../../../durable-objects/stubs';
import { fail } from '../../lib/errors';
import { emit } from '../../reactions';
import { inventoryTypes } from '../checkout/inventory';

/**
 * Held seats and release times of a seated date (issue 33). The seats themselves are kept in the event's
 * inventory object (kept-seats.ts), where no sale can take them meanwhile; the wheelchair reserve's release time
 * is part of the date's seating in D1, which the object reads again when told the sale configuration changed.
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const view = (dateId: number, groups: KeptGroup[]) => ({
  event_date_id: dateId,
  groups: groups.map((g) => ({
    group: g.group,
    label: KEPT_GROUP_LABEL[g.group],
    release_at: iso(g.releaseAt),
    released: g.released,
    seat_ids: g.seatIds,
    kept: g.kept.length,
  })),
});

function answer(dateId: number, result: KeepResult) {
  if (result.ok) return view(dateId, result.groups);
  if (result.reason === 'not_seated') fail(404, KEPT_SEATS_MSG.notSeated);
  if (result.reason === 'seat_unknown') {
    const message = KEPT_SEATS_MSG.seatUnknown(result.seat);
    fail(400, message, { seat_ids: [message] });
  }
  if (result.reason === 'seat_twice') {
    const message = KEPT_SEATS_MSG.seatTwice(result.seat);
    fail(400, message, { seat_ids: [message] });
  }
  fail(409, KEPT_SEATS_MSG.seatsTaken(result.seats.length), { seat_ids: result.seats });
}

export async function keptSeats(env: Env, eventId: number, dateId: number) {
  return answer(dateId, await inventoryOf(env, eventId).keptSeats(eventId, dateId));
}

export async function setKeptSeats(env: Env, eventId: number, dateId: number, input: KeptSeats) {
  const groups = input.groups.map((g) => ({
    group: g.group,
    releaseAt: g.release_at === null ? null : Date.parse(g.release_at),
    seatIds: g.seat_ids,
  }));
  const types = await inventoryTypes(env.DB, eventId);
  return answer(dateId, await inventoryOf(env, eventId).setKeptSeats(eventId, dateId, types, groups));
}

/** Moves the wheelchair reserve's release time; the object reads it again before its next sale. */
export async function setSeatingRelease(env: Env, eventId: number, dateId: number, releaseAt: string | null) {
  // Counted by its returned row: meta.changes also counts what the page version triggers write (migration 0081).
  const changed = await env.DB.prepare(
    'update event_date_seating set wheelchair_release_at = ? where event_date_id = ? and event_id = ? returning event_date_id',
  )
    .bind(releaseAt, dateId, eventId)
    .first();
  if (!changed) fail(404, SEATED_EVENT_MSG.dateNotFound);
  await emit(env, { kind: 'saleConfigChanged', eventId });
  return { event_date_id: dateId, wheelchair_release_at: releaseAt };
}
