import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { processDeletions } from '../../../functions/api/services/accounts/deletion';
import { eraseExpiredAttendees } from '../../../functions/api/services/settings/retention';
import { inventoryOf, queueOf } from '../../../functions/durable-objects/stubs';
import { asBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { eventually } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { quiet } from '../platform/object-state-fixtures';
import { join, place, queueBuyer, queuedEvent } from '../queue/queue-fixtures';
import {
  type Person,
  queueEntries,
  rawRowsOf,
  refundOne,
  soldOutEvent,
  waitlistEntries,
  waitlistJoin,
  waitlistMe,
} from './places-fixtures';

/**
 * A person's places in the events' objects (issue 35): waiting-list entries (name, e-mail, DNI) live in the
 * inventory object, queue places (DNI) in the queue object, and both are copied to D1's object_state. An
 * account's deletion reaches them through the objects, and D1's copies with them; the producer's retention
 * erases the waiting lists and queues of past events. (Before: the deletion only marked open waiting-list entries
 * as left, and the name, e-mail and DNI stayed in the objects and in object_state for ever.)
 */

const deleteAccount = async (person: Person) => {
  const res = await asBuyer(person, '/user/deletion', { method: 'POST', json: { tickets: 'refund' } });
  expect(res.status, await res.clone().text()).toBe(202);
  await processDeletions(env);
  const done = await env.DB.prepare('select status from account_deletions where user_id = ?')
    .bind(person.id)
    .first<{ status: string }>();
  expect(done?.status).toBe('done');
};

/** Nothing that says who the person was, anywhere in D1's copy of the objects. */
async function expectNoTraceInCopies(person: Person) {
  for (const needle of [person.email, person.dni]) {
    const rows = await env.DB.prepare(
      "select tbl, data from object_state where instr(data, ?) > 0 and tbl in ('waitlist', 'entries')",
    )
      .bind(needle)
      .all();
    expect(rows.results, `object_state rows holding ${needle}`).toEqual([]);
  }
}

describe('deleting an account reaches its places in the objects', () => {
  it('removes the waiting place, releases the open offer to the next one, and forgets both in D1', async () => {
    routeNetwork();
    const person = await queueBuyer();
    // Event 1: the person waits first, another behind them.
    const one = await soldOutEvent();
    const behind = await queueBuyer();
    expect((await waitlistJoin(person, one.eventId, one.typeId)).status).toBe(201);
    expect((await waitlistJoin(behind, one.eventId, one.typeId)).status).toBe(201);
    // Event 2: the person is offered a returned ticket; two wait behind them.
    const two = await soldOutEvent();
    const [next, last] = [await queueBuyer(), await queueBuyer()];
    for (const p of [person, next, last]) expect((await waitlistJoin(p, two.eventId, two.typeId)).status).toBe(201);
    await refundOne(two);
    await quiet(inventoryOf(env, two.eventId));
    expect((await waitlistMe(person, two.eventId)).status).toBe('offered');
    const offerHold = (await waitlistEntries(two.eventId)).find((e) => e.user_id === person.id)!.offer_hold!;

    // What the person is told in Mis datos before: both places, read from the objects.
    const data = ((await (await asBuyer(person, '/user/data')).json()) as Answer<{ waitlist_places: unknown[] }>).data;
    expect(data.waitlist_places).toHaveLength(2);
    expect((await rawRowsOf(person.id, 'waitlist')).length).toBe(2);

    await deleteAccount(person);
    await quiet(inventoryOf(env, one.eventId));
    await quiet(inventoryOf(env, two.eventId));

    // Event 1: the waiting place is gone; the one behind is first now.
    expect((await waitlistEntries(one.eventId)).map((e) => e.user_id)).toEqual([behind.id]);
    expect((await waitlistMe(behind, one.eventId)).position).toBe(1);
    // Event 2: the offer's row stays for its hold and order, without name, e-mail or DNI; its ticket went to the
    // next entry, in order; the last one waits first.
    const entries = await waitlistEntries(two.eventId);
    expect(entries.map((e) => [e.user_id, e.status])).toEqual([
      [person.id, 'expired'],
      [next.id, 'offered'],
      [last.id, 'waiting'],
    ]);
    expect(entries[0]).toMatchObject({ email: '', name: '', dni: '', offer_hold: offerHold });
    expect(await inventoryOf(env, two.eventId).holdStatus(offerHold)).toMatchObject({ status: 'released' });
    expect((await waitlistMe(last, two.eventId)).position).toBe(1);
    const [type] = await inventoryOf(env, two.eventId).availability();
    expect(type).toMatchObject({ capacity: 2, sold: 1, held: 1 });

    // D1's copy says the same, row for row.
    const raw = await rawRowsOf(person.id, 'waitlist');
    expect(raw).toEqual([expect.objectContaining({ email: '', name: '', dni: '', status: 'expired' })]);
    await expectNoTraceInCopies(person);
    const mails = await env.DB.prepare('select count(*) as n from waitlist_mails where email = ?')
      .bind(person.email)
      .first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });

  it('an offer being delivered when the deletion comes sends no e-mail to the person, and goes to the next one', async () => {
    routeNetwork();
    const sold = await soldOutEvent();
    const [person, next] = [await queueBuyer(), await queueBuyer()];
    for (const p of [person, next]) expect((await waitlistJoin(p, sold.eventId, sold.typeId)).status).toBe(201);
    // The offer's order write waits at a gate: the deletion runs while its delivery is under way.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let writes = 0;
    await runInDurableObject(inventoryOf(env, sold.eventId), (instance) => {
      const writer = (instance as unknown as { orders: { write: (s: unknown) => Promise<unknown> } }).orders;
      const write = writer.write.bind(writer);
      writer.write = async (statements) => {
        writes++;
        await gate;
        return write(statements);
      };
    });
    await refundOne(sold);
    await eventually(async () => writes === 1, 'the offer’s order is being written');
    await deleteAccount(person);
    open();
    await quiet(inventoryOf(env, sold.eventId));

    const mails = await env.DB.prepare('select count(*) as n from waitlist_mails where email = ?')
      .bind(person.email)
      .first<{ n: number }>();
    expect(mails!.n, 'offer e-mails queued to the deleted person').toBe(0);
    const entries = await waitlistEntries(sold.eventId);
    expect(entries.map((e) => [e.user_id, e.status, e.email])).toEqual([
      [person.id, 'expired', ''],
      [next.id, 'offered', next.email],
    ]);
    await expectNoTraceInCopies(person);
  });

  it('removes the queue place; the others keep their numbers, and D1 forgets it', async () => {
    const { event } = await queuedEvent(3_600_000, { prequeue_minutes: 120 });
    const [first, person, third] = [await queueBuyer(), await queueBuyer(), await queueBuyer()];
    for (const b of [first, person, third]) expect((await join(b, event.event_id)).status).toBe(201);
    expect((await rawRowsOf(person.id, 'entries')).length).toBe(1);
    const queue = await ((await asBuyer(person, '/user/data')).json() as Promise<Answer<{ queue_places: unknown[] }>>);
    expect(queue.data.queue_places).toEqual([
      expect.objectContaining({ event_id: event.event_id, prequeue_number: 2 }),
    ]);

    await deleteAccount(person);
    await quiet(queueOf(env, event.event_id));

    expect((await queueEntries(event.event_id)).map((e) => [e.user_id, e.prequeue_number])).toEqual([
      [first.id, 1],
      [third.id, 3],
    ]);
    expect((await place(first, event.event_id)).prequeue_number).toBe(1);
    expect((await place(third, event.event_id)).prequeue_number).toBe(3);
    expect(await rawRowsOf(person.id, 'entries')).toEqual([]);
    await expectNoTraceInCopies(person);
    // The producer's count of who waits is the count of places, not of numbers given.
    expect((await queueOf(env, event.event_id).live())?.waiting).toBe(2);
  });
});

describe("a deleted person's queue place", () => {
  it('uses up no admission: the next person is next in line, and the next minute of the rate lets them in', async () => {
    // One admission a minute: the first place goes in at the opening, then nobody for a minute.
    const { event } = await queuedEvent(1500, { rate_per_minute: 1 });
    const people = [await queueBuyer(), await queueBuyer(), await queueBuyer()];
    for (const b of people) expect((await join(b, event.event_id)).status).toBe(201);
    const queue = queueOf(env, event.event_id);
    await eventually(
      async () => (await queue.live())?.admitted === 1,
      'the first place is let in at the opening',
      15_000,
    );
    // The draw decides the places: the person second in line deletes their account.
    const places = await Promise.all(people.map((b) => place(b, event.event_id)));
    const at = (position: number) => people[places.findIndex((p) => p.position === position)];
    const [second, third] = [at(2), at(3)];
    expect((await place(third, event.event_id)).ahead).toBe(1);
    await deleteAccount(second);
    await quiet(queue);
    // Nobody is ahead of the third any more, and the producer's count says one waits.
    expect(await place(third, event.event_id)).toMatchObject({ ahead: 0, admitted: false });
    expect((await queue.live())?.waiting).toBe(1);
    // A minute of the rate later (the object's own clock moved on), the one admission goes to the third person,
    // not to the empty place.
    await runInDurableObject(queue, (object) => {
      (object as unknown as { tick(now: number): void }).tick(Date.now() + 61_000);
    });
    expect(await place(third, event.event_id)).toMatchObject({ admitted: true, ahead: null });
  });
});

describe('retention reaches the objects', () => {
  it('erases the names, e-mails and DNIs of past events’ waiting lists and queues, in the objects and in D1', async () => {
    routeNetwork();
    const past = await soldOutEvent();
    const waiting = [await queueBuyer(), await queueBuyer()];
    for (const w of waiting) expect((await waitlistJoin(w, past.eventId, past.typeId)).status).toBe(201);
    // A queued on-sale with a place, over too.
    const { event: queued } = await queuedEvent(3_600_000, { prequeue_minutes: 120 });
    const inQueue = await queueBuyer();
    expect((await join(inQueue, queued.event_id)).status).toBe(201);
    // A recent event keeps its list.
    const recent = await soldOutEvent();
    const stays = await queueBuyer();
    expect((await waitlistJoin(stays, recent.eventId, recent.typeId)).status).toBe(201);

    const when = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await env.DB.prepare('update event_dates set starts_at = ?, ends_at = ? where event_id in (?, ?)')
      .bind(when, when, past.eventId, queued.event_id)
      .run();
    expect(await eraseExpiredAttendees(env)).toEqual(expect.arrayContaining([past.eventId, queued.event_id]));
    await quiet(inventoryOf(env, past.eventId));
    await quiet(queueOf(env, queued.event_id));

    const entries = await waitlistEntries(past.eventId);
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(e).toMatchObject({ email: '', name: '', dni: '', status: 'left' });
    for (const w of [...waiting, inQueue]) await expectNoTraceInCopies(w);
    expect((await queueEntries(queued.event_id)).map((e) => e.dni)).toEqual([`borrado-${inQueue.id}`]);
    // The recent event's list is untouched.
    expect((await rawRowsOf(stays.id, 'waitlist'))[0]).toMatchObject({ email: stays.email, dni: stays.dni });
  });

  it('catches up an event erased before retention reached the objects', async () => {
    routeNetwork();
    const past = await soldOutEvent();
    const waiting = await queueBuyer();
    expect((await waitlistJoin(waiting, past.eventId, past.typeId)).status).toBe(201);
    // Erased in D1 by the retention of before: the object's place still has the person's data.
    await env.DB.prepare("update events set attendees_erased_at = '2026-01-01T00:00:00.000Z' where id = ?")
      .bind(past.eventId)
      .run();
    expect((await rawRowsOf(waiting.id, 'waitlist'))[0]).toMatchObject({ email: waiting.email });

    expect(await eraseExpiredAttendees(env)).not.toContain(past.eventId);
    await quiet(inventoryOf(env, past.eventId));
    expect((await waitlistEntries(past.eventId))[0]).toMatchObject({ email: '', name: '', dni: '' });
    await expectNoTraceInCopies(waiting);
    const marked = await env.DB.prepare('select count(*) as n from event_places_erased where event_id = ?')
      .bind(past.eventId)
      .first<{ n: number }>();
    expect(marked!.n).toBe(1);
  });
});
