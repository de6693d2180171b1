import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { processDeletions } from '../../../functions/api/services/accounts/deletion';
import { inventoryOf, queueOf } from '../../../functions/durable-objects/stubs';
import { adminOf, asBuyer } from '../kit/actors';
import { eventually } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { quiet } from '../platform/object-state-fixtures';
import { join, place, queueBuyer, queuedEvent } from '../queue/queue-fixtures';
import { type Person, queueEntries, rawRowsOf, soldOutEvent, waitlistEntries, waitlistJoin } from './places-fixtures';

/**
 * An account's deletion (issue 35) raced against what moves its places in the objects: the waiting list's offers
 * (a refund frees a ticket, offered to the first entry, maybe the person's) and their deliveries, and the queue's
 * admissions (every poll lets people in). Whatever the interleaving, once the job is done nothing is half-written:
 * - nothing of the person is left in the objects or in D1's copy of them (no name, e-mail or DNI; no queue place;
 *   no waiting-list e-mail to their address);
 * - the others keep their order, numbers and offers: every offered entry has its open hold and its order, what is
 *   held is what the open offers hold, nothing is sold twice.
 */

type World = {
  person: Person;
  others: Person[];
  sold: Awaited<ReturnType<typeof soldOutEvent>>;
  queueEventId: number;
  numbers: Map<number, number>;
};

type Command =
  | { kind: 'delete' }
  | { kind: 'job' }
  | { kind: 'refund'; ticket: number }
  | { kind: 'deliver' }
  | { kind: 'poll'; who: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('job' as const) }),
  fc.record({ kind: fc.constant('refund' as const), ticket: fc.nat({ max: 1 }) }),
  fc.record({ kind: fc.constant('deliver' as const) }),
  fc.record({ kind: fc.constant('poll' as const), who: fc.nat({ max: 2 }) }),
);

async function run(world: World, c: Command): Promise<number> {
  if (c.kind === 'delete')
    return (await asBuyer(world.person, '/user/deletion', { method: 'POST', json: { tickets: 'refund' } })).status;
  if (c.kind === 'job') {
    await processDeletions(env);
    return 200;
  }
  if (c.kind === 'deliver') {
    await inventoryOf(env, world.sold.eventId).drainOutbox();
    return 200;
  }
  if (c.kind === 'poll') {
    const who = [world.person, ...world.others][c.who];
    return (await asBuyer(who, `/queues/${world.queueEventId}/me`)).status;
  }
  const admin = await adminOf(world.sold.producerId);
  const tickets = await env.DB.prepare('select id from tickets where order_id = ? order by id')
    .bind(world.sold.orderId)
    .all<{ id: string }>();
  const res = await asBuyer(admin, `/admin/orders/${world.sold.orderId}/refund`, {
    method: 'POST',
    json: { reason: 'Prueba', ticket_ids: [tickets.results[c.ticket].id] },
  });
  return res.status;
}

async function assertInvariants(world: World) {
  const { person, others, sold } = world;
  await quiet(inventoryOf(env, sold.eventId));
  await quiet(queueOf(env, world.queueEventId));
  // Nothing of the person left: in the objects...
  const entries = await waitlistEntries(sold.eventId);
  for (const e of entries.filter((e) => e.user_id === person.id)) {
    expect(e, 'a deleted person’s entry keeps only an offer’s history').toMatchObject({ email: '', name: '', dni: '' });
    expect(e.status).not.toBe('waiting');
    expect(e.status).not.toBe('offered');
  }
  expect((await queueEntries(world.queueEventId)).map((e) => e.user_id)).not.toContain(person.id);
  // ...and in D1: the objects' copy, and the waiting list's e-mails.
  for (const row of await rawRowsOf(person.id, 'waitlist')) expect(row).toMatchObject({ email: '', dni: '' });
  expect(await rawRowsOf(person.id, 'entries')).toEqual([]);
  const traces = await env.DB.prepare(
    `select (select count(*) from object_state where instr(data, ?1) > 0 or instr(data, ?2) > 0)
          + (select count(*) from waitlist_mails where email = ?1) as n`,
  )
    .bind(person.email, person.dni)
    .first<{ n: number }>();
  expect(traces!.n, 'rows still naming the deleted person').toBe(0);

  // The others keep their order; each offer has its open hold and its order; held = what the offers hold.
  const theirs = entries.filter((e) => e.user_id !== person.id);
  expect(theirs.map((e) => e.user_id)).toEqual(others.map((o) => o.id));
  const inventory = inventoryOf(env, sold.eventId);
  let offered = 0;
  for (const e of entries.filter((e) => e.status === 'offered')) {
    expect(e.user_id).not.toBe(person.id);
    expect(await inventory.holdStatus(e.offer_hold!)).toMatchObject({ status: 'open' });
    const order = await env.DB.prepare('select user_id from orders where id = ?')
      .bind(e.offer_order)
      .first<{ user_id: number }>();
    expect(order?.user_id, 'an offer without its order').toBe(e.user_id);
    offered += e.offered_quantity ?? 0;
  }
  const [type] = await inventory.availability();
  expect(type.held).toBe(offered);
  expect(type.sold + type.held).toBeLessThanOrEqual(type.capacity);
  // The queue: the others keep the numbers they were given; places are never given twice.
  const places = await queueEntries(world.queueEventId);
  for (const p of places) expect(p.prequeue_number).toBe(world.numbers.get(p.user_id));
  expect(places.map((p) => p.user_id).sort()).toEqual(others.map((o) => o.id).sort());
  // An empty place is nobody: each one waiting has exactly the people waiting before it ahead, and the
  // producer's count of who waits is those people.
  const views = await Promise.all(others.map((o) => place(o, world.queueEventId)));
  const waiting = views.filter((v) => !v.admitted && v.position !== null);
  for (const v of waiting)
    expect(v.ahead, `ahead of place ${v.position}`).toBe(waiting.filter((w) => w.position! < v.position!).length);
  expect((await queueOf(env, world.queueEventId).live())?.waiting).toBe(waiting.length);
}

describe('account deletion racing waiting-list offers and queue admissions (property test)', () => {
  it('leaves nothing of the person and nothing half-written', async () => {
    routeNetwork();
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 2, maxLength: 6 }),
        fc.nat({ max: 6 }),
        fc.nat({ max: 2 }),
        // Fast (every poll may let people in) or one a minute (the places after the first wait behind the person's).
        fc.constantFrom(600, 1),
        async (commands, at, personAt, rate) => {
          const sold = await soldOutEvent();
          const { event } = await queuedEvent(2000, { prequeue_minutes: 30, rate_per_minute: rate });
          const people = [await queueBuyer(), await queueBuyer(), await queueBuyer()];
          const person = people[personAt];
          const others = people.filter((p) => p !== person);
          const numbers = new Map<number, number>();
          for (const [i, p] of people.entries()) {
            expect((await waitlistJoin(p, sold.eventId, sold.typeId)).status).toBe(201);
            expect((await join(p, event.event_id)).status).toBe(201);
            numbers.set(p.id, i + 1);
          }
          // The queue opens (the draw): from then on every poll may let people in.
          await eventually(
            async () => (await place(others[0], event.event_id)).state === 'open',
            'the queue opens',
            10_000,
          );
          const world: World = { person, others, sold, queueEventId: event.event_id, numbers };
          const all: Command[] = [...commands];
          all.splice(Math.min(at, all.length), 0, { kind: 'delete' });
          const statuses = await Promise.all(all.map((c) => run(world, c)));
          for (const [i, s] of statuses.entries()) {
            // The person's own calls after the job carried the deletion out: their session is over (401).
            expect([200, 201, 202, 401, 409], `${JSON.stringify(all[i])} answered ${s}`).toContain(s);
          }
          // The job finishes whatever the race left.
          await processDeletions(env);
          await assertInvariants(world);
        },
      ),
      { numRuns: 8, seed: Number(process.env.DELETION_PLACES_SEED ?? Date.now() % 100_000), endOnFailure: true },
    );
  }, 240_000);
});
