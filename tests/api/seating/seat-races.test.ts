import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { offeredOrder, signedNotification } from '../checkout/checkout-fixtures';
import { type Actor, asBuyer, buyerWithDni } from '../kit/actors';
import { eventually } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { pay, settledAs } from '../platform/cross-feature-fixtures';
import { assertSeats, type SeatedWorld, seatedEvent, takenSeats } from './seating-fixtures';

/**
 * Seats under any interleaving (issue 33): holds by hand and by best available, payments, expiries, releases,
 * refunds whole and partial, transfers, box-office sales, waiting-list offers, resale and the event's cancellation race on the same few seats
 * through the real endpoints. After every run: no seat is in two live holds or valid tickets, every live hold
 * has all of its seats or none, the sold seats are the valid tickets' seats, and D1's mirror says the same.
 */

const SEATS = [
  'platea-A-1',
  'platea-A-2',
  'platea-A-3',
  'platea-A-4',
  'platea-A-5',
  'platea-B-1',
  'platea-B-2',
  'platea-B-3',
];

type Command =
  | { kind: 'hold'; buyer: number; seats: string[] }
  | { kind: 'best'; buyer: number; quantity: number }
  | { kind: 'pay'; buyer: number }
  | { kind: 'expire'; buyer: number }
  | { kind: 'release'; buyer: number }
  | { kind: 'refund'; ticket: number; whole: boolean }
  | { kind: 'transfer'; ticket: number; to: number }
  | { kind: 'box_office'; seats: string[] }
  | { kind: 'box_office_best'; quantity: number }
  | { kind: 'keep'; group: 'boleteria' | 'sponsors' | 'rrpp'; seats: string[]; release: 'past' | 'soon' | 'later' }
  | { kind: 'wait'; buyer: number; quantity: number }
  | { kind: 'resell'; ticket: number }
  | { kind: 'cancel' };

const buyer = fc.nat({ max: 3 });
const seats = fc.uniqueArray(fc.constantFrom(...SEATS), { minLength: 1, maxLength: 3 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('hold' as const), buyer, seats }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('best' as const), buyer, quantity: fc.integer({ min: 1, max: 3 }) }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), buyer }) },
  fc.record({ kind: fc.constant('expire' as const), buyer }),
  fc.record({ kind: fc.constant('release' as const), buyer }),
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('refund' as const), ticket: fc.nat({ max: 10 }), whole: fc.boolean() }),
  },
  fc.record({ kind: fc.constant('transfer' as const), ticket: fc.nat({ max: 10 }), to: buyer }),
  fc.record({ kind: fc.constant('box_office' as const), seats }),
  fc.record({ kind: fc.constant('box_office_best' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('keep' as const),
      group: fc.constantFrom('boleteria' as const, 'sponsors' as const, 'rrpp' as const),
      seats,
      release: fc.constantFrom('past' as const, 'soon' as const, 'later' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), buyer, quantity: fc.integer({ min: 1, max: 2 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resell' as const), ticket: fc.nat({ max: 10 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
);

type World = SeatedWorld & { buyers: Actor[] };

const latestOrder = (w: World, b: Actor, statuses: string[]) =>
  env.DB.prepare(
    `select id, hold_id from orders where event_id = ? and user_id = ? and status in (select value from json_each(?))
     order by created_at desc limit 1`,
  )
    .bind(w.eventId, b.id, JSON.stringify(statuses))
    .first<{ id: string; hold_id: string }>();

async function ticketAt(w: World, n: number) {
  const { results } = await env.DB.prepare(
    "select id, order_id, owner_user_id from tickets where event_id = ? and status = 'valid' order by id",
  )
    .bind(w.eventId)
    .all<{ id: string; order_id: string; owner_user_id: number }>();
  return results.length > 0 ? results[n % results.length] : null;
}

async function run(w: World, c: Command): Promise<void> {
  const b = 'buyer' in c ? w.buyers[c.buyer] : w.buyers[0];
  switch (c.kind) {
    case 'hold':
    case 'best': {
      const item =
        c.kind === 'hold'
          ? { ticket_type_id: w.platea, quantity: c.seats.length, seat_ids: c.seats }
          : { ticket_type_id: w.platea, quantity: c.quantity, best: true };
      const res = await asBuyer(b, '/holds', { method: 'POST', json: { event_id: w.eventId, items: [item] } });
      // Every refusal is a clear 4xx, never a 5xx.
      expect(res.status, await res.clone().text()).toBeLessThan(500);
      return;
    }
    case 'pay': {
      const order = await latestOrder(w, b, ['held']);
      if (order) await pay(b, order.id);
      return;
    }
    case 'expire': {
      const order = await latestOrder(w, b, ['held', 'pending_payment']);
      if (order) await inventoryOf(env, w.eventId).expireSoon(order.hold_id, 1);
      return;
    }
    case 'release': {
      const order = await latestOrder(w, b, ['held']);
      if (order) await asBuyer(b, `/holds/${order.id}`, { method: 'DELETE' });
      return;
    }
    case 'refund': {
      const t = await ticketAt(w, c.ticket);
      if (!t) return;
      const res = await settledAs(w.admin, `/admin/orders/${t.order_id}/refund`, {
        method: 'POST',
        json: { reason: 'Prueba', ...(c.whole ? {} : { ticket_ids: [t.id] }) },
      });
      expect(res.status).toBeLessThan(500);
      return;
    }
    case 'transfer': {
      const t = await ticketAt(w, c.ticket);
      const owner = w.buyers.find((x) => x.id === t?.owner_user_id);
      const to = w.buyers[c.to];
      if (!t || !owner || owner.id === to.id) return;
      const offered = await asBuyer(owner, `/tickets/${t.id}/transfer`, { method: 'POST', json: { email: to.email } });
      if (offered.status !== 200) return;
      const mail = await env.DB.prepare('select links from dev_mail where to_address = ? order by id desc')
        .bind(to.email)
        .first<{ links: string }>();
      const link = (JSON.parse(mail?.links ?? '[]') as string[]).find((l) => l.includes('/tickets/transfer?token='));
      const token = new URL(link ?? 'http://x/').searchParams.get('token');
      await asBuyer(to, '/tickets/transfers/accept', { method: 'POST', json: { token } });
      return;
    }
    case 'box_office':
    case 'box_office_best': {
      const item =
        c.kind === 'box_office'
          ? { ticket_type_id: w.platea, quantity: c.seats.length, seat_ids: c.seats }
          : { ticket_type_id: w.platea, quantity: c.quantity, best: true };
      const res = await settledAs(w.admin, '/admin/box-office/sales', {
        method: 'POST',
        json: { event_id: w.eventId, method: 'cash', items: [item] },
      });
      expect(res.status, await res.clone().text()).toBeLessThan(500);
      return;
    }
    case 'keep': {
      // Held seats on overlapping seats, released in the past, within the run or later (a group replaces the others).
      const at = { past: -1000, soon: 200, later: 3_600_000 }[c.release];
      const res = await settledAs(w.admin, `/admin/events/${w.eventId}/seating/${w.dateId}/held-seats`, {
        method: 'PUT',
        json: { groups: [{ group: c.group, release_at: new Date(Date.now() + at).toISOString(), seat_ids: c.seats }] },
      });
      expect(res.status, await res.clone().text()).toBeLessThan(500);
      return;
    }
    case 'wait': {
      // The waiting list: refused while seats are on sale; offered seats when some come back (issue 33).
      const res = await asBuyer(b, `/waitlist/${w.eventId}`, {
        method: 'POST',
        json: { ticket_type_id: w.platea, quantity: c.quantity, accept_fewer: true },
      });
      expect(res.status, await res.clone().text()).toBeLessThan(500);
      return;
    }
    case 'resell': {
      // Face-value resale: its owner returns a seated ticket to the list (its seat goes to the buyer).
      const t = await ticketAt(w, c.ticket);
      const owner = w.buyers.find((x) => x.id === t?.owner_user_id);
      if (!t || !owner) return;
      const res = await asBuyer(owner, `/tickets/${t.id}/resale`, { method: 'POST' });
      expect(res.status, await res.clone().text()).toBeLessThan(500);
      return;
    }
    case 'cancel': {
      const res = await settledAs(w.admin, `/admin/events/${w.eventId}/cancel`, {
        method: 'POST',
        json: { reason: 'Prueba' },
      });
      expect(res.status).toBeLessThan(500);
      return;
    }
  }
}

/**
 * The held-seat groups' side (assertSeats in the fixtures checks tickets, holds and the mirror): a released
 * group keeps nothing, the kept seats are the object's, and the type counts kept seats as held.
 */
async function assertKeptSeats(w: World) {
  // No held-seat group is due right now (one released "soon" has passed), so the reads below agree.
  const inventory = inventoryOf(env, w.eventId);
  await eventually(async () => {
    const kept = await inventory.keptSeats(w.eventId, w.dateId);
    const now = Date.now();
    return kept.ok && kept.groups.every((g) => g.releaseAt === null || g.releaseAt < now || g.releaseAt > now + 60_000);
  }, 'the held seats released soon');
  const taken = await takenSeats(w.eventId);
  const kept = await inventory.keptSeats(w.eventId, w.dateId);
  if (!kept.ok) throw new Error('the seated date has no held seats');
  for (const g of kept.groups) if (g.released) expect(g.kept).toEqual([]);
  const keptNow = kept.groups.flatMap((g) => g.kept).sort();
  expect(keptNow).toEqual(
    taken
      .filter((s) => s.state === 'kept')
      .map((s) => s.seatId)
      .sort(),
  );
  const counts = (await inventory.availability()).find((a) => a.typeId === w.platea);
  const stateCount = (...states: string[]) => taken.filter((s) => states.includes(s.state)).length;
  // An open resale offer counts as held over the seat that stays sold to its seller until the payment (or is
  // free again, its seller refunded meanwhile: the payment then takes it only if nobody else did).
  const { results: valid } = await env.DB.prepare('select id from tickets where event_id = ?')
    .bind(w.eventId)
    .all<{ id: string }>();
  let offered = 0;
  for (const t of valid) if ((await inventory.resaleStatus(t.id)) === 'offered') offered++;
  expect(counts).toMatchObject({ held: stateCount('held', 'kept') + offered, sold: stateCount('sold') });
}

describe('seats under racing holds, payments, expiries, refunds, transfers, box office, waiting list, resale and cancellation', () => {
  it('never sells a seat twice and holds all of a pick or none', async () => {
    routeNetwork();
    const seed = Number(process.env.SEAT_RACES_SEED ?? Date.now() % 100_000);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(command, { minLength: 2, maxLength: 5 }), { minLength: 2, maxLength: 3 }),
        async (waves) => {
          const w: World = { ...(await seatedEvent({ rows: 2, seatsPerRow: 5 })), buyers: [] };
          w.buyers = await Promise.all([buyerWithDni(), buyerWithDni(), buyerWithDni(), buyerWithDni()]);
          // Each wave's commands race each other; waves run one after another.
          for (const wave of waves) await Promise.all(wave.map((c) => run(w, c)));
          // The waiting-list offers' orders are written (the object's outbox) before their holds are checked.
          await eventually(async () => (await inventoryOf(env, w.eventId).drainOutbox()) === 0, 'the offers written');
          await assertKeptSeats(w);
          await assertSeats(w.eventId);
        },
      ),
      { numRuns: Number(process.env.SEAT_RACES_RUNS ?? 12), seed, endOnFailure: true },
    );
  }, 300_000);

  it('passes seats through the waiting list and resale on a sold-out row without selling one twice', async () => {
    routeNetwork();
    const seed = Number(process.env.SEAT_RACES_SEED ?? Date.now() % 100_000);
    // What touches a sold-out row: offers of returned and refunded seats, resale, and everything around them.
    const kinds = new Set(['best', 'pay', 'expire', 'release', 'refund', 'transfer', 'wait', 'resell']);
    const soldOut = command.filter((c) => kinds.has(c.kind));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(soldOut, { minLength: 2, maxLength: 5 }), { minLength: 2, maxLength: 3 }),
        async (waves) => {
          const w: World = { ...(await seatedEvent({ rows: 1, seatsPerRow: 3 })), buyers: [] };
          w.buyers = await Promise.all([buyerWithDni(), buyerWithDni(), buyerWithDni(), buyerWithDni()]);
          // The row sold out to two buyers; the other two wait for a seat.
          for (const [b, quantity] of [
            [0, 2],
            [1, 1],
          ]) {
            await run(w, { kind: 'best', buyer: b, quantity });
            await run(w, { kind: 'pay', buyer: b });
          }
          for (const b of [2, 3]) await run(w, { kind: 'wait', buyer: b, quantity: 1 });
          for (const wave of waves) await Promise.all(wave.map((c) => run(w, c)));
          await eventually(async () => (await inventoryOf(env, w.eventId).drainOutbox()) === 0, 'the offers written');
          await assertKeptSeats(w);
          await assertSeats(w.eventId);
          // Every ticket of the seated type carries a seat, however it was bought (an offer, a resale).
          const seatless = await env.DB.prepare(
            "select count(*) as n from tickets where ticket_type_id = ? and status = 'valid' and seat_id is null",
          )
            .bind(w.platea)
            .first<{ n: number }>();
          expect(seatless?.n).toBe(0);
        },
      ),
      { numRuns: Number(process.env.SEAT_RACES_RUNS ?? 12), seed, endOnFailure: true },
    );
  }, 300_000);
  it('the seller refunded while the buyer takes the resale offer: the seat ends in one place, and money is kept only for a delivered ticket', async () => {
    routeNetwork();
    const seed = Number(process.env.SEAT_RACES_SEED ?? Date.now() % 100_000);
    type Step = 'refund' | 'pay' | 'payNew' | 'webhook';
    await fc.assert(
      fc.asyncProperty(
        // Each step's wave (steps of one wave race each other); the refund always happens, the others may not.
        fc.record({
          refund: fc.nat(2),
          pay: fc.option(fc.nat(2), { nil: undefined }),
          payNew: fc.option(fc.nat(2), { nil: undefined }),
          webhook: fc.option(fc.nat(2), { nil: undefined }),
        }),
        async (plan) => {
          const w: World = { ...(await seatedEvent({ rows: 1, seatsPerRow: 2 })), buyers: [] };
          w.buyers = await Promise.all([buyerWithDni(), buyerWithDni()]);
          const [seller, waiting] = w.buyers;
          await run(w, { kind: 'best', buyer: 0, quantity: 2 });
          await run(w, { kind: 'pay', buyer: 0 });
          await run(w, { kind: 'wait', buyer: 1, quantity: 1 });
          const resold = await env.DB.prepare(
            "select id, order_id, seat_id from tickets where owner_user_id = ? and status = 'valid' order by id limit 1",
          )
            .bind(seller.id)
            .first<{ id: string; order_id: string; seat_id: string }>();
          expect((await asBuyer(seller, `/tickets/${resold!.id}/resale`, { method: 'POST' })).status).toBe(201);
          const offer = await offeredOrder(waiting, w.eventId);
          let refundedAt = Number.POSITIVE_INFINITY;
          const act = async (s: Step) => {
            if (s === 'refund') {
              const res = await settledAs(w.admin, `/admin/orders/${resold!.order_id}/refund`, {
                method: 'POST',
                json: { reason: 'Prueba', ticket_ids: [resold!.id] },
              });
              expect(res.status, await res.clone().text()).toBeLessThan(500);
              if (res.status === 200) refundedAt = Math.min(refundedAt, Date.now());
            } else if (s === 'pay') {
              // The buyer checks out the resale offer: once the refund has answered, refused before any payment.
              const started = Date.now();
              const status = await pay(waiting, offer);
              if (refundedAt < started) expect(status).toBe(409);
              else expect(status).toBeLessThan(500);
            } else if (s === 'payNew') {
              // The buyer's latest offer (the refunded seat offered anew, once free).
              const order = await latestOrder(w, waiting, ['held']);
              if (order && order.id !== offer) expect(await pay(waiting, order.id)).toBeLessThan(500);
            } else {
              // MercadoPago delivers the latest payment's notification again.
              const payment = await env.DB.prepare(
                `select p.id from dev_mp_payments p join orders o on o.id = json_extract(p.body, '$.external_reference')
                 where o.user_id = ? order by p.id desc limit 1`,
              )
                .bind(waiting.id)
                .first<{ id: number }>();
              if (payment) expect((await signedNotification(String(payment.id))).status).toBeLessThan(500);
            }
          };
          for (const wave of [0, 1, 2]) {
            const steps = (Object.entries(plan) as [Step, number | undefined][]).filter(([, at]) => at === wave);
            await Promise.all(steps.map(([s]) => act(s)));
          }
          await eventually(async () => (await inventoryOf(env, w.eventId).drainOutbox()) === 0, 'the offers written');
          await assertKeptSeats(w);
          await assertSeats(w.eventId);
          // The seller's ticket is never valid beside a ticket of the buyer for its seat.
          const onSeat = await env.DB.prepare(
            "select count(*) as n from tickets where seat_id = ? and event_id = ? and status = 'valid'",
          )
            .bind(resold!.seat_id, w.eventId)
            .first<{ n: number }>();
          expect(onSeat!.n).toBeLessThanOrEqual(1);
          // Money: MercadoPago keeps the buyer's money only for an order that delivered its ticket.
          await eventually(async () => {
            const { results } = await env.DB.prepare(
              `select o.id, o.status, o.total_cents,
                 coalesce(sum(case when json_extract(p.body, '$.status') in ('approved', 'refunded')
                   then round((json_extract(p.body, '$.transaction_amount') - coalesce(json_extract(p.body, '$.transaction_amount_refunded'), 0)) * 100)
                   else 0 end), 0) as kept
               from orders o left join dev_mp_payments p on json_extract(p.body, '$.external_reference') = o.id
               where o.user_id = ? and o.event_id = ? group by o.id`,
            )
              .bind(waiting.id, w.eventId)
              .all<{ id: string; status: string; total_cents: number; kept: number }>();
            for (const o of results) {
              const delivered = await env.DB.prepare(
                "select count(*) as n from tickets where order_id = ? and status = 'valid'",
              )
                .bind(o.id)
                .first<{ n: number }>();
              if (o.kept !== (o.status === 'paid' ? o.total_cents : 0)) return false;
              if (o.status === 'paid' && delivered!.n !== 1) return false;
            }
            return true;
          }, 'every payment without a ticket refunded');
        },
      ),
      { numRuns: Number(process.env.SEAT_RACES_RUNS ?? 10), seed, endOnFailure: true },
    );
  }, 300_000);
});
