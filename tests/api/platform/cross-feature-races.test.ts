import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { nonce } from '../checkin/checkin-fixtures';
import { asBuyer } from '../kit/actors';
import { routeNetwork } from '../kit/network';
import { sellAtBoxOffice } from '../kit/sales';
import { place } from '../queue/queue-fixtures';
import {
  assertWorld,
  type Buyer,
  pay,
  type Staff,
  settledAs,
  ticketsOf,
  type World,
  world,
} from './cross-feature-fixtures';

/**
 * Where features meet (issue 29): random mixes of everything that takes a ticket or stock, fired at once in
 * batches against the real endpoints of two events that share a producer-wide code (one a queued on-sale):
 * queue joins and holds with or without a pass, payments and expiries; waiting-list joins and paid offers,
 * resale listings, transfers offered and accepted or cancelled; refunds whole and partial, the plain event's
 * cancellation, invitations, box-office sales, code uses on both events; scans at two gates, online and offline.
 * After every run, every invariant the issue names (cross-feature-fixtures.ts assertWorld).
 */

/** true: print each command and the statuses it got (to see what a run exercised). */
const DEBUG = false;

type Command =
  | { kind: 'queue_join'; buyer: number }
  | { kind: 'hold'; buyer: number; event: number; quantity: number; code: boolean; pass: boolean; other?: boolean }
  | { kind: 'pay'; buyer: number }
  | { kind: 'expire'; buyer: number }
  | { kind: 'waitlist_join'; buyer: number; event: number; quantity: number }
  | { kind: 'waitlist_pay'; buyer: number; event: number }
  | { kind: 'resale'; ticket: number }
  | { kind: 'transfer'; ticket: number; to: number; answer: 'accept' | 'cancel' | 'both' }
  | { kind: 'refund'; ticket: number; whole: boolean }
  | { kind: 'cancel_event' }
  | { kind: 'invite'; event: number; buyer: number; quantity: number }
  | { kind: 'box_office'; event: number; quantity: number }
  | { kind: 'scan'; ticket: number; gate: number; offline: boolean }
  /** The shared code used by one buyer on both events at once (its limits count over both). */
  | { kind: 'code_both'; buyer: number }
  /** Something that changes who may enter, and a scan of the same ticket at the same moment. */
  | { kind: 'race'; ticket: number; gate: number; offline: boolean; with: 'transfer' | 'refund' | 'resale' };

const buyer = fc.nat({ max: 4 });
const event = fc.nat({ max: 1 });
const ticket = fc.nat({ max: 40 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('queue_join' as const), buyer }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      buyer,
      event,
      quantity: fc.integer({ min: 1, max: 3 }),
      code: fc.boolean(),
      other: fc.boolean(),
      pass: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), buyer }) },
  fc.record({ kind: fc.constant('expire' as const), buyer }),
  fc.record({
    kind: fc.constant('waitlist_join' as const),
    buyer,
    event,
    quantity: fc.integer({ min: 1, max: 2 }),
  }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('waitlist_pay' as const), buyer, event }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('resale' as const), ticket }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      ticket,
      to: buyer,
      answer: fc.constantFrom('accept' as const, 'cancel' as const, 'both' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), ticket, whole: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel_event' as const) }) },
  fc.record({ kind: fc.constant('invite' as const), event, buyer, quantity: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('box_office' as const), event, quantity: fc.integer({ min: 1, max: 2 }) }),
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('scan' as const),
      ticket,
      gate: fc.nat({ max: 1 }),
      offline: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('code_both' as const), buyer: fc.nat({ max: 2 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('race' as const),
      ticket,
      gate: fc.nat({ max: 1 }),
      offline: fc.boolean(),
      with: fc.constantFrom('transfer' as const, 'refund' as const, 'resale' as const),
    }),
  },
);

/** The buyer's newest order on the event that is still held (what they would pay or let expire). */
async function heldOrderOf(w: World, b: Buyer) {
  return env.DB.prepare(
    `select id, event_id, hold_id from orders where user_id = ? and event_id in (?, ?)
     and status in ('held', 'pending_payment') order by created_at desc limit 1`,
  )
    .bind(b.id, w.events[0].id, w.events[1].id)
    .first<{ id: string; event_id: number; hold_id: string }>();
}

/** Pays the buyer's newest held order on the event, if any. */
async function paidLatest(b: Buyer, eventId: number) {
  const order = await env.DB.prepare(
    `select id from orders where user_id = ? and event_id = ? and status in ('held', 'pending_payment')
     order by created_at desc limit 1`,
  )
    .bind(b.id, eventId)
    .first<{ id: string }>();
  return order ? [await pay(b, order.id)] : [];
}

const ownerOf = (w: World, userId: number | null): Buyer | Staff | undefined =>
  w.buyers.find((b) => b.id === userId) ?? (w.admin.id === userId ? w.admin : undefined);

/** Fires one command; answers the HTTP statuses it got (never a 5xx). */
async function run(w: World, c: Command): Promise<number[]> {
  const b = 'buyer' in c ? w.buyers[c.buyer] : w.buyers[0];
  const e = 'event' in c ? w.events[c.event] : w.events[1];
  const status = async (res: Promise<Response>) => (await res).status;
  switch (c.kind) {
    case 'queue_join':
      return [await status(asBuyer(b, `/queues/${w.events[0].id}/join`, { method: 'POST' }))];
    case 'hold': {
      const pass = c.pass && e.queued ? ((await place(b, e.id)).pass ?? undefined) : undefined;
      return [
        await status(
          asBuyer(b, '/holds', {
            method: 'POST',
            json: {
              event_id: e.id,
              items: [{ ticket_type_id: (c.other && e.freeTypeId) || e.typeId, quantity: c.quantity }],
              ...(c.code ? { promo_code: w.code } : {}),
              ...(pass ? { queue_pass: pass } : {}),
            },
          }),
        ),
      ];
    }
    case 'pay': {
      const order = await heldOrderOf(w, b);
      return order ? [await pay(b, order.id)] : [];
    }
    case 'expire': {
      const order = await heldOrderOf(w, b);
      if (order) await inventoryOf(env, order.event_id).expireSoon(order.hold_id, 1);
      return [];
    }
    case 'waitlist_join':
      return [
        await status(
          asBuyer(b, `/waitlist/${e.id}`, {
            method: 'POST',
            json: { ticket_type_id: e.typeId, quantity: c.quantity, accept_fewer: true },
          }),
        ),
      ];
    case 'waitlist_pay': {
      const me = ((await (await asBuyer(b, `/waitlist/${e.id}/me`)).json()) as { data: { order_id?: string } | null })
        .data;
      return me?.order_id ? [await pay(b, me.order_id)] : [];
    }
    case 'resale':
    case 'transfer':
    case 'refund':
    case 'scan':
      return ticketCommand(w, c);
    case 'race':
      return race(w, c);
    case 'code_both': {
      const answers = await Promise.all(
        w.events.map((e, i) =>
          run(w, { kind: 'hold', buyer: c.buyer, event: i, quantity: 1, code: true, pass: e.queued, other: true }).then(
            async (held) => (held[0] === 201 ? [...held, ...(await paidLatest(b, e.id))] : held),
          ),
        ),
      );
      return answers.flat();
    }
    case 'cancel_event':
      // Answered once its background refunds ran (as the cron job would finish them).
      return [
        await status(
          settledAs(w.admin, `/admin/events/${w.events[1].id}/cancel`, { method: 'POST', json: { reason: 'Prueba' } }),
        ),
      ];
    case 'invite':
      return [
        await status(
          asBuyer(w.admin, '/admin/invitations', {
            method: 'POST',
            json: {
              event_id: e.id,
              name: 'Invitada',
              email: b.email,
              dni: b.dni,
              quantity: c.quantity,
              ticket_type: 'General',
              tag: 'Prensa',
            },
          }),
        ),
      ];
    case 'box_office':
      return [
        await status(sellAtBoxOffice(w.admin, { event_id: e.id, ticket_type_id: e.typeId, quantity: c.quantity })),
      ];
  }
}

async function ticketCommand(
  w: World,
  c: Extract<Command, { kind: 'scan' | 'refund' | 'resale' | 'transfer' }>,
): Promise<number[]> {
  const tickets = await ticketsOf(w);
  if (tickets.length === 0) return [];
  const t = tickets[c.ticket % tickets.length];
  const owner = ownerOf(w, t.owner_user_id);
  switch (c.kind) {
    case 'scan': {
      const staff = c.gate === 0 ? w.admin : w.door;
      const scan = { code: t.code, nonce: nonce(), device: `puerta-${c.gate}` };
      const res = c.offline
        ? await asBuyer(staff, `/checkin/events/${t.event_id}/sync`, {
            method: 'POST',
            json: { scans: [{ ...scan, client_at: new Date().toISOString(), local_result: 'admitted' }] },
          })
        : await asBuyer(staff, `/checkin/events/${t.event_id}/scan`, { method: 'POST', json: scan });
      return [res.status];
    }
    case 'refund': {
      const res = await asBuyer(w.admin, `/admin/orders/${t.order_id}/refund`, {
        method: 'POST',
        json: { reason: 'Prueba', ...(c.whole ? {} : { ticket_ids: [t.id] }) },
      });
      return [res.status];
    }
    case 'resale':
      return owner ? [(await asBuyer(owner, `/tickets/${t.id}/resale`, { method: 'POST' })).status] : [];
    case 'transfer': {
      const to = w.buyers[c.to];
      if (!owner || to.id === owner.id) return [];
      const offered = await asBuyer(owner, `/tickets/${t.id}/transfer`, { method: 'POST', json: { email: to.email } });
      if (offered.status !== 200) return [offered.status];
      const mail = await env.DB.prepare('select links from dev_mail where to_address = ? order by id desc')
        .bind(to.email)
        .first<{ links: string }>();
      const link = (JSON.parse(mail?.links ?? '[]') as string[]).find((l) => l.includes('/tickets/transfer?token='));
      const token = new URL(link ?? 'http://x/').searchParams.get('token');
      const accept = () => asBuyer(to, '/tickets/transfers/accept', { method: 'POST', json: { token } });
      const cancel = () => asBuyer(owner, `/tickets/${t.id}/transfer`, { method: 'DELETE' });
      const answers = c.answer === 'accept' ? [accept()] : c.answer === 'cancel' ? [cancel()] : [accept(), cancel()];
      return [offered.status, ...(await Promise.all(answers)).map((r) => r.status)];
    }
  }
}

/**
 * A scan racing what changes who may enter with the same ticket: a transfer's acceptance (offered first), a refund,
 * or a resale (listed first, then the waiting buyer pays for the offer while the seller is scanned).
 */
async function race(w: World, c: Extract<Command, { kind: 'race' }>): Promise<number[]> {
  const tickets = await ticketsOf(w);
  if (tickets.length === 0) return [];
  const t = tickets[c.ticket % tickets.length];
  const scan = () => ticketCommand(w, { kind: 'scan', ticket: c.ticket, gate: c.gate, offline: c.offline });
  if (c.with === 'refund') {
    const answers = await Promise.all([ticketCommand(w, { kind: 'refund', ticket: c.ticket, whole: false }), scan()]);
    return answers.flat();
  }
  if (c.with === 'transfer') {
    const to = w.buyers.findIndex((b) => b.id !== t.owner_user_id);
    const answers = await Promise.all([
      ticketCommand(w, { kind: 'transfer', ticket: c.ticket, to, answer: 'accept' }),
      scan(),
    ]);
    return answers.flat();
  }
  // Resale: listed (someone waits for the plain event), then its offer paid by whoever has one, and the scan.
  const listed = await ticketCommand(w, { kind: 'resale', ticket: c.ticket });
  const offers = w.buyers.map((_, i) => run(w, { kind: 'waitlist_pay', buyer: i, event: 1 }));
  const answers = await Promise.all([...offers, scan()]);
  return [...listed, ...answers.flat()];
}

describe('where features meet (property test against the real endpoints)', () => {
  it('keeps one admission per ticket, stock within capacity, the queue’s stock its own, codes within scope and money exact', async () => {
    routeNetwork();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(command, { minLength: 2, maxLength: 6 }), { minLength: 3, maxLength: 4 }),
        async (batches) => {
          const w = await world();
          // From the start: the queued event 2 sold and 2 held of 5, the plain one 2 sold and 3 held of 5 (so the
          // waiting list and the queue have something to fight over), and someone waiting for the plain one. Paid through the
          // MercadoPago sandbox.
          const holdOf = async (b: Buyer, e: World['events'][number], quantity = 2) => {
            const pass = e.queued ? ((await place(b, e.id)).pass ?? undefined) : undefined;
            const res = await asBuyer(b, '/holds', {
              method: 'POST',
              json: { event_id: e.id, items: [{ ticket_type_id: e.typeId, quantity }], queue_pass: pass },
            });
            expect(res.status).toBe(201);
            return ((await res.json()) as { data: { id: string } }).data.id;
          };
          const [queued, plain] = w.events;
          expect(await pay(w.buyers[0], await holdOf(w.buyers[0], queued))).toBe(200);
          expect(await pay(w.buyers[3], await holdOf(w.buyers[3], plain))).toBe(200);
          await holdOf(w.buyers[1], queued);
          await holdOf(w.buyers[4], plain, 3);
          const waiting = await asBuyer(w.buyers[2], `/waitlist/${plain.id}`, {
            method: 'POST',
            json: { ticket_type_id: plain.typeId, quantity: 1, accept_fewer: true },
          });
          expect(waiting.status).toBe(201);
          for (const batch of batches) {
            const answers = await Promise.all(batch.map((c) => run(w, c)));
            for (const [i, statuses] of answers.entries()) {
              if (DEBUG) console.info(`STAT ${batch[i].kind} ${statuses.join(',')}`);
              for (const s of statuses) expect(s, `${JSON.stringify(batch[i])} answered ${s}`).toBeLessThan(500);
            }
          }
          await assertWorld(w);
        },
      ),
      {
        numRuns: Number(process.env.CROSS_RACES_RUNS ?? 8),
        seed: Number(process.env.CROSS_RACES_SEED ?? Date.now() % 100_000),
        endOnFailure: true,
      },
    );
  }, 600_000);
});
