import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { logCopied } from '../../functions/api/services/checkin/scan';
import { inventoryOf, syncInventory } from '../../functions/api/services/checkout/inventory';
import { queueOf } from '../../functions/api/services/queue/queues';
import { adminOf } from './admin-sales-fixtures';
import { addGate, staffOf } from './checkin-fixtures';
import { asBuyer, BUYER_FORM, createTestEvent, payInSandbox } from './checkout-fixtures';
import { eventually, ORIGIN, settledFetch } from './helpers';
import { assertMoneyOfEvent } from './money-invariants';
import { place, queueBuyer } from './queue-fixtures';

/**
 * The world of the cross-feature property test (tests/api/cross-feature-races.test.ts): two events of one
 * producer sharing a producer-wide promo code, one a queued on-sale whose queue is open, the other a plain sale;
 * five buyers (the first three admitted by the queue), the producer's admin and a door colleague at two gates.
 * And every invariant issue 29 names, checked after a run.
 */

export type Buyer = Awaited<ReturnType<typeof queueBuyer>>;
export type Staff = Awaited<ReturnType<typeof adminOf>>;

export const CAPACITY = { queued: 5, plain: 5 } as const;
/** The shared code: 10 % off, at most 2 tickets over both events, 1 per buyer. */
export const CODE_LIMITS = { maxTickets: 2, maxPerBuyer: 1 } as const;

export type World = {
  /** The queued on-sale first. The plain event's second type (`freeTypeId`) starts with stock left. */
  events: { id: number; typeId: number; queued: boolean; freeTypeId?: number }[];
  buyers: Buyer[];
  /** The buyers the queue let in (indexes), before the run starts. */
  admittedByQueue: Set<number>;
  admin: Staff;
  door: Awaited<ReturnType<typeof staffOf>>;
  gates: number[];
  code: string;
  codeId: number;
};

export async function pay(buyer: { email: string; auth: Record<string, string> }, orderId: string) {
  const checkout = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
    method: 'POST',
    json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
  });
  if (checkout.status !== 200) return checkout.status;
  const { redirect } = ((await checkout.json()) as { data: { redirect: string } }).data;
  await payInSandbox(redirect, 'approved');
  return 200;
}

/** A call as `asBuyer` makes it, answered only once the work it deferred (waitUntil) is done. */
export function settledAs(
  who: { auth: Record<string, string> },
  path: string,
  init: { method: string; json?: unknown },
) {
  const headers = new Headers({ ...who.auth, 'x-api-key': env.API_KEY, 'content-type': 'application/json' });
  return settledFetch(`${ORIGIN}/api/v1${path}`, {
    method: init.method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

let worlds = 0;

export async function world(): Promise<World> {
  const stamp = `${Date.now().toString(36)}${worlds++}`;
  const queued = await createTestEvent(env, {
    capacity: CAPACITY.queued,
    max_per_order: 3,
    title: `Con fila ${stamp}`,
  });
  const plain = await createTestEvent(env, { capacity: CAPACITY.plain, max_per_order: 3, title: `Sin fila ${stamp}` });
  const admin = await adminOf(queued.producer_id);
  const door = await staffOf(queued.producer_id);
  const buyers = await Promise.all(Array.from({ length: 5 }, () => queueBuyer()));
  const code = `TODOS${stamp.toUpperCase()}`;
  const created = await asBuyer(admin, `/admin/promo-codes/${queued.producer_id}`, {
    method: 'POST',
    json: {
      code,
      discount_type: 'percent',
      value: 10,
      max_tickets: CODE_LIMITS.maxTickets,
      max_per_buyer: CODE_LIMITS.maxPerBuyer,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const codeId = ((await created.json()) as { data: { id: number } }).data.id;
  // The queue opens in a moment, 10 people a second: the first three buyers join its pre-queue.
  const put = await asBuyer(admin, `/admin/queues/${queued.event_id}`, {
    method: 'PUT',
    json: { opens_at: new Date(Date.now() + 1000).toISOString(), prequeue_minutes: 30, rate_per_minute: 600 },
  });
  expect(put.status).toBe(200);
  for (const b of buyers.slice(0, 3))
    expect((await asBuyer(b, `/queues/${queued.event_id}/join`, { method: 'POST' })).status).toBe(201);
  await eventually(
    async () => (await Promise.all(buyers.slice(0, 3).map((b) => place(b, queued.event_id)))).every((p) => p.admitted),
    'the pre-queue let in',
    15_000,
  );
  const gates = [(await addGate(admin, queued.event_id, 'Norte')).id, (await addGate(admin, plain.event_id, 'Sur')).id];
  // The plain event's "Campo": its "General" will be sold out (a waiting list), this one keeps stock.
  const campo = await env.DB.prepare(
    `insert into ticket_types (event_date_id, name, price_cents, capacity, max_per_order) values (?, 'Campo', 80000, 4, 3)
     returning id`,
  )
    .bind(plain.event_date_id)
    .first<{ id: number }>();
  await syncInventory(env, plain.event_id);
  return {
    events: [
      { id: queued.event_id, typeId: queued.ticket_type_id, queued: true },
      { id: plain.event_id, typeId: plain.ticket_type_id, queued: false, freeTypeId: campo!.id },
    ],
    buyers,
    admittedByQueue: new Set([0, 1, 2]),
    admin,
    door,
    gates,
    code,
    codeId,
  };
}

type TicketRow = {
  id: string;
  code: string;
  status: string;
  event_id: number;
  order_id: string;
  owner_user_id: number | null;
  refund_id: string | null;
};

export async function ticketsOf(w: World): Promise<TicketRow[]> {
  const { results } = await env.DB.prepare(
    `select id, code, status, event_id, order_id, owner_user_id, refund_id from tickets
     where event_id in (?, ?) order by created_at, id`,
  )
    .bind(w.events[0].id, w.events[1].id)
    .all<TicketRow>();
  return results;
}

/**
 * Every invariant of issue 29, after a run:
 * - each ticket admitted at most once, and only one whose fate did not change after (an admitted ticket is `used`:
 *   never transferred, refunded-and-cancelled or resold);
 * - per event: sold ≤ capacity, sold = valid + used, and nobody holds a seat beyond capacity;
 * - no stock taken on the queued on-sale without a pass or a named permission (the box office, invitations; the
 *   waiting list only once the queue closed);
 * - the shared code's uses ≤ its limits over its whole scope (both events);
 * - refunds ≤ paid, and the ledger identities (money-invariants.ts).
 */
export async function assertWorld(w: World) {
  for (const e of w.events) await logCopied(env, e.id);
  const ids = w.events.map((e) => e.id);

  const { results: admissions } = await env.DB.prepare(
    `select s.ticket_id, count(*) as n, t.status from checkin_scans s join tickets t on t.id = s.ticket_id
     where s.event_id in (?, ?) and s.result = 'admitted' group by s.ticket_id`,
  )
    .bind(...ids)
    .all<{ ticket_id: string; n: number; status: string }>();
  for (const a of admissions) {
    expect(a.n, `ticket ${a.ticket_id} admitted ${a.n} times`).toBe(1);
    expect(a.status, `ticket ${a.ticket_id} admitted, then or since ${a.status}`).toBe('used');
  }

  for (const e of w.events) {
    // Nobody holds a seat beyond capacity: valid or used tickets, and any ticket its holder entered with.
    const seats = await env.DB.prepare(
      `select coalesce(sum(status in ('valid', 'used') or exists (select 1 from checkin_admissions a where a.ticket_id = t.id)), 0)
         as n from tickets t where event_id = ?`,
    )
      .bind(e.id)
      .first<{ n: number }>();
    const capacity = (await inventoryOf(env, e.id).availability()).reduce((sum, t) => sum + t.capacity, 0);
    expect(seats!.n, `event ${e.id}: seats taken`).toBeLessThanOrEqual(capacity);
    // Per type: sold = valid + used, sold ≤ capacity; and the money.
    await assertMoneyOfEvent(e.id, w.admin);
  }

  // The queued on-sale: every online sale there was made with a pass, or (once the queue closed) from the waiting
  // list; the box office and invitations are the named exemptions.
  const queued = w.events[0].id;
  const { results: sales } = await env.DB.prepare(
    `select o.id, o.user_id, o.payment_id from orders o where o.event_id = ? and o.kind = 'sale' and o.paid_at is not null`,
  )
    .bind(queued)
    .all<{ id: string; user_id: number; payment_id: string | null }>();
  const live = await queueOf(env, queued).live();
  for (const s of sales) {
    if (s.payment_id?.startsWith('boleteria:')) continue;
    const admitted = (await queueOf(env, queued).place(s.user_id)).admitted;
    expect(admitted || live?.state === 'closed', `order ${s.id} on the queued on-sale without a pass`).toBe(true);
  }
  const waitlist = await asBuyer(w.admin, `/admin/waitlist/${queued}`);
  const entries = ((await waitlist.json()) as { data: { entries: { status: string }[] } }).data.entries;
  if (live?.state !== 'closed')
    expect(entries.filter((x) => x.status === 'offered' || x.status === 'bought')).toEqual([]);

  // The shared code over its whole scope: tickets it discounted in orders that were paid (a refund does not give
  // a use back: release_on_refund is off), in all and per buyer.
  const { results: uses } = await env.DB.prepare(
    `select o.user_id, sum(i.quantity) as n from orders o join order_items i on i.order_id = o.id
     where o.promo_code_id = ? and i.unit_discount_cents > 0 and o.paid_at is not null group by o.user_id`,
  )
    .bind(w.codeId)
    .all<{ user_id: number; n: number }>();
  const total = uses.reduce((sum, u) => sum + u.n, 0);
  expect(total, 'the code’s tickets over both events').toBeLessThanOrEqual(CODE_LIMITS.maxTickets);
  for (const u of uses)
    expect(u.n, `the code’s tickets of buyer ${u.user_id}`).toBeLessThanOrEqual(CODE_LIMITS.maxPerBuyer);
  await assertCodeCount(w);
}

/**
 * The code's own count over its whole scope (D1 promo_code_uses, claimed in each hold's order batch): every paid
 * order with the code had its use claimed there; what counts now (sold, or held and not expired or paid) stays within
 * the limits, in all and per buyer, over both events; and the producer's report says no more than that.
 */
async function assertCodeCount(w: World) {
  const unclaimed = await env.DB.prepare(
    `select count(*) as n from orders o where o.promo_code_id = ? and o.paid_at is not null
       and not exists (select 1 from promo_code_uses u where u.hold_id = o.hold_id)`,
  )
    .bind(w.codeId)
    .first<{ n: number }>();
  expect(unclaimed!.n, 'paid orders with the code whose use was never claimed').toBe(0);
  const now = Date.now();
  const { results: live } = await env.DB.prepare(
    `select u.buyer, sum(u.tickets) as n from promo_code_uses u
     where u.code_id = ? and (u.state = 'sold' or (u.state = 'held' and (u.expires_at > ? or exists (
       select 1 from orders o where o.hold_id = u.hold_id and o.paid_at is not null))))
     group by u.buyer`,
  )
    .bind(w.codeId, now)
    .all<{ buyer: string; n: number }>();
  const counted = live.reduce((sum, u) => sum + u.n, 0);
  expect(counted, 'the code’s live uses over both events').toBeLessThanOrEqual(CODE_LIMITS.maxTickets);
  for (const u of live) expect(u.n, `the code’s live uses of ${u.buyer}`).toBeLessThanOrEqual(CODE_LIMITS.maxPerBuyer);
  const res = await asBuyer(w.admin, `/admin/promo-codes/${w.admin.producerId}/report`);
  expect(res.status).toBe(200);
  const report = ((await res.json()) as { data: { codes: { id: number; live_tickets: number }[] } }).data.codes;
  const mine = report.find((c) => c.id === w.codeId);
  expect(mine?.live_tickets ?? 0, 'the report’s live uses').toBeLessThanOrEqual(CODE_LIMITS.maxTickets);
}
