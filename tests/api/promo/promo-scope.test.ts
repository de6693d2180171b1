import { env, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBuyers } from '../../../functions/dev/checkout-tools';
import { setupPromoUses } from '../../../functions/durable-objects/inventory/promo-uses';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { PROMO_MSG } from '../../../src/shared/messages/promo';
import { BUYER_FORM, payInSandbox } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { eventually } from '../kit/http';
import { routeNetwork } from '../kit/network';
import { restartObject } from '../kit/objects';

/**
 * A code's limits over its whole scope (issue 29): a code for all of a producer's events (or several) counts
 * max_tickets and max_per_buyer across every event it covers, exactly under concurrency, at hold time; a hold
 * gives its use back when it ends without a sale, a refund when the code says so. Before, each event's
 * inventory object counted its own: a code limited to 2 tickets gave 4 paid discounted tickets on two events,
 * and its own report said 4 of 2.
 */

type Buyer = { auth: Record<string, string>; email?: string };
type Admin = Awaited<ReturnType<typeof adminOf>>;
type Report = { code: string; uses: number; tickets: number; live_tickets: number; max_tickets: number | null };

let codes = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${codes++}`;
const bearer = (token: string): Buyer => ({ auth: { authorization: `Bearer ${token}` } });

/** Two events of one producer (the test events' producer) and its admin. */
async function twoEvents(capacity = 50) {
  const a = await createTestEvent(env, { capacity, price_cents: 1000_00, max_per_order: 10 });
  const b = await createTestEvent(env, { capacity, price_cents: 1000_00, max_per_order: 10 });
  expect(b.producer_id).toBe(a.producer_id);
  return { a, b, admin: await adminOf(a.producer_id) };
}

/** A code for every event of the producer (event_id null). */
async function producerCode(admin: Admin, fields: Record<string, unknown>) {
  const code = uniqueCode('TODOS');
  const res = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}`, {
    method: 'POST',
    json: { code, discount_type: 'percent', value: 50, ...fields },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { code, id: (((await res.json()) as Answer).data as { id: number }).id };
}

const hold = (buyer: Buyer, event: { event_id: number; ticket_type_id: number }, quantity: number, code: string) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity }], promo_code: code },
  });

const orderIdOf = async (res: Response) => (((await res.json()) as Answer).data as { id: string }).id;

/** Checkout and an approved payment in the MercadoPago sandbox (answers the checkout's status when refused). */
async function pay(buyer: Buyer & { email: string }, orderId: string) {
  const res = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
    method: 'POST',
    json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
  });
  if (res.status !== 200) return res.status;
  const data = ((await res.json()) as Answer).data as { redirect?: string; status?: string };
  if (data.redirect) await payInSandbox(data.redirect, 'approved');
  return 200;
}

async function reportOf(admin: Admin, code: string): Promise<Report> {
  const res = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}/report`);
  const data = ((await res.json()) as Answer).data as { codes: Report[] };
  return data.codes.find((c) => c.code === code)!;
}

/** Discounted tickets of paid orders with the code (not refunded), in total and per buyer, from D1. */
async function paidWithCode(codeId: number) {
  const { results } = await env.DB.prepare(
    `select o.user_id, sum(i.quantity) as n from orders o join order_items i on i.order_id = o.id
     where o.promo_code_id = ? and o.status = 'paid' and i.unit_discount_cents > 0 group by o.user_id`,
  )
    .bind(codeId)
    .all<{ user_id: number; n: number }>();
  return { total: results.reduce((s, r) => s + r.n, 0), perBuyer: results.map((r) => r.n) };
}

describe('promo codes over their whole scope', () => {
  it('a code for all events limited to 2 tickets gives 2 paid discounted tickets over two events, not 4', async () => {
    routeNetwork();
    const { a, b, admin } = await twoEvents();
    const { code, id } = await producerCode(admin, { max_tickets: 2 });
    const [first, second] = [await createBuyer(), await createBuyer()];
    const onA = await hold(first, a, 2, code);
    expect(onA.status).toBe(201);
    expect(await pay(first, await orderIdOf(onA))).toBe(200);
    const onB = await hold(second, b, 2, code);
    expect(onB.status).toBe(409);
    expect(((await onB.json()) as Answer).errors?.promo_code).toContain(PROMO_MSG.codeExhausted);
    // The refused hold took nothing: event B's stock is all there.
    const [availability] = await inventoryOf(env, b.event_id).availability();
    expect(availability).toMatchObject({ sold: 0, held: 0 });
    expect((await paidWithCode(id)).total).toBe(2);
    expect(await reportOf(admin, code)).toMatchObject({ uses: 1, tickets: 2, live_tickets: 2, max_tickets: 2 });
  });

  it('max_per_buyer counts the buyer over every event', async () => {
    routeNetwork();
    const { a, b, admin } = await twoEvents();
    const { code } = await producerCode(admin, { max_per_buyer: 2 });
    const buyer = await createBuyer();
    const onA = await hold(buyer, a, 2, code);
    expect(onA.status).toBe(201);
    expect(await pay(buyer, await orderIdOf(onA))).toBe(200);
    const onB = await hold(buyer, b, 1, code);
    expect(onB.status).toBe(409);
    expect(((await onB.json()) as Answer).errors?.promo_code).toContain(PROMO_MSG.codePerBuyer(2));
    // Someone else still may.
    expect((await hold(await createBuyer(), b, 2, code)).status).toBe(201);
  });

  it('240 concurrent holds over two events on a code limited to 10 tickets: exactly 10 discounted', async () => {
    const { a, b, admin } = await twoEvents(500);
    const { code, id } = await producerCode(admin, { max_tickets: 10 });
    const tokens = await createBuyers(env, 240);
    const answers = await Promise.all(tokens.map((t, i) => hold(bearer(t), i % 2 ? a : b, 1, code)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(230);
    await Promise.all(answers.map((r) => r.body?.cancel()));
    const orders = await env.DB.prepare('select count(*) as n from orders where promo_code_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(orders?.n).toBe(10);
    const held = (await inventoryOf(env, a.event_id).availability())[0].held;
    expect(held + (await inventoryOf(env, b.event_id).availability())[0].held).toBe(10);
    expect((await reportOf(admin, code)).live_tickets).toBe(10);
  });

  it('a hold that finds no stock takes no use; a use given back on one event is taken on the other', async () => {
    const { a, b, admin } = await twoEvents(2);
    const { code } = await producerCode(admin, { max_tickets: 2 });
    const [x, y, z] = [await createBuyer(), await createBuyer(), await createBuyer()];
    expect((await hold(x, b, 3, code)).status).toBe(409);
    const onA = await hold(y, a, 2, code);
    expect(onA.status).toBe(201);
    expect((await hold(z, b, 1, code)).status).toBe(409);
    // The buyer leaves event A: the use goes back, and event B takes it (at most a mirror's delay later).
    expect((await asBuyer(y, `/holds/${await orderIdOf(onA)}`, { method: 'DELETE' })).status).toBe(200);
    await eventually(async () => (await hold(z, b, 2, code)).status === 201, 'the use back on event B');
  });

  it('the count survives the loss of an event object: it lives in D1', async () => {
    routeNetwork();
    const { a, b, admin } = await twoEvents();
    const { code } = await producerCode(admin, { max_tickets: 2 });
    const buyer = await createBuyer();
    const onA = await hold(buyer, a, 2, code);
    expect(await pay(buyer, await orderIdOf(onA))).toBe(200);
    // Event A's object loses everything it kept (its code uses among it) and starts again from nothing.
    const stub = inventoryOf(env, a.event_id);
    await runInDurableObject(stub, async (_object, state) => state.storage.deleteAll());
    await restartObject(stub, 'lost');
    expect((await hold(await createBuyer(), b, 1, code)).status).toBe(409);
    const again = await hold(await createBuyer(), a, 1, code);
    expect(again.status).toBe(409);
    expect(((await again.json()) as Answer).errors?.promo_code).toContain(PROMO_MSG.codeExhausted);
  });

  it('a use whose hold was lost (a crash between) counts only until the hold would have expired', async () => {
    const { a, admin } = await twoEvents();
    const { code, id } = await producerCode(admin, { max_tickets: 1 });
    // A use claimed for a hold whose object died before it could give it back: nothing ever releases it.
    await env.DB.prepare(
      `insert into promo_code_uses (hold_id, code_id, event_id, buyer, tickets, state, expires_at)
       values (?, ?, ?, 'user:0', 1, 'held', ?)`,
    )
      .bind(crypto.randomUUID(), id, a.event_id, Date.now() + 300)
      .run();
    expect((await hold(await createBuyer(), a, 1, code)).status).toBe(409);
    const buyer = await createBuyer();
    await eventually(async () => (await hold(buyer, a, 1, code)).status === 201, 'the lost use to expire');
  });

  it("brings an object's uses from before issue 29 to states, and copies them to D1", async () => {
    const { a, admin } = await twoEvents();
    const { id } = await producerCode(admin, { max_tickets: 5 });
    const stub = inventoryOf(env, a.event_id);
    const soon = Date.now() + 600_000;
    await runInDurableObject(stub, (_object, state) => {
      const sql = state.storage.sql;
      sql.exec('drop table promo_uses');
      sql.exec(`create table promo_uses (hold_id text primary key, code_id integer not null, buyer text not null,
        items text not null, tickets integer not null, max_tickets integer, release_on_refund integer not null,
        active integer not null default 1)`);
      for (const [hold, status, active] of [
        ['viejo-abierto', 'open', 1],
        ['viejo-vendido', 'sold', 1],
        ['viejo-liberado', 'released', 0],
      ] as const) {
        sql.exec(
          "insert into holds (id, buyer, status, expires_at, items) values (?, 'user:1', ?, ?, '[]')",
          hold,
          status,
          soon,
        );
        sql.exec(
          "insert into promo_uses (hold_id, code_id, buyer, items, tickets, release_on_refund, active) values (?, ?, 'user:1', '[]', 1, 0, ?)",
          hold,
          id,
          active,
        );
      }
      setupPromoUses(sql);
      const rows = sql.exec('select hold_id, state, expires_at, synced from promo_uses order by hold_id').toArray();
      expect(rows).toEqual([
        { hold_id: 'viejo-abierto', state: 'held', expires_at: soon, synced: 2 },
        { hold_id: 'viejo-liberado', state: 'released', expires_at: soon, synced: 2 },
        { hold_id: 'viejo-vendido', state: 'sold', expires_at: soon, synced: 2 },
      ]);
    });
    // The next change copies them (the object's mirror): D1 then counts the two live ones.
    await stub.configure(a.event_id, []);
    await eventually(async () => {
      const row = await env.DB.prepare(
        "select count(*) as n from promo_code_uses where code_id = ? and state in ('held', 'sold')",
      )
        .bind(id)
        .first<{ n: number }>();
      return row?.n === 2;
    }, 'the old uses in D1');
  });
});

// ---- Property: holds with one code on two events, expiries, releases, payments and refunds at once ----

type Command =
  | { kind: 'hold'; buyer: number; event: number; quantity: number }
  | { kind: 'pay' | 'expire' | 'release' | 'refund'; order: number };

const holdCommand = fc.record({
  kind: fc.constant('hold' as const),
  buyer: fc.nat({ max: 3 }),
  event: fc.nat({ max: 1 }),
  quantity: fc.integer({ min: 1, max: 3 }),
});
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: holdCommand },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), order: fc.nat({ max: 7 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), order: fc.nat({ max: 7 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release' as const), order: fc.nat({ max: 7 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), order: fc.nat({ max: 7 }) }) },
);

type World = {
  events: Awaited<ReturnType<typeof createTestEvent>>[];
  buyers: Awaited<ReturnType<typeof createBuyer>>[];
  admin: Admin;
  code: string;
  orders: { id: string; buyer: number; event: number }[];
};

async function run(world: World, c: Command): Promise<number> {
  if (c.kind === 'hold') {
    const res = await hold(world.buyers[c.buyer], world.events[c.event], c.quantity, world.code);
    if (res.status === 201) world.orders.push({ id: await orderIdOf(res), buyer: c.buyer, event: c.event });
    else await res.body?.cancel();
    return res.status;
  }
  const order = world.orders[c.order % Math.max(1, world.orders.length)];
  if (!order) return 409;
  const buyer = world.buyers[order.buyer];
  switch (c.kind) {
    case 'pay':
      return pay(buyer, order.id);
    case 'release':
      return (await asBuyer(buyer, `/holds/${order.id}`, { method: 'DELETE' })).status;
    case 'refund':
      return (
        await asBuyer(world.admin, `/admin/orders/${order.id}/refund`, { method: 'POST', json: { reason: 'Prueba' } })
      ).status;
    case 'expire': {
      const row = await env.DB.prepare('select hold_id from orders where id = ?')
        .bind(order.id)
        .first<{ hold_id: string }>();
      return (await inventoryOf(env, world.events[order.event].event_id).expireSoon(row!.hold_id, 1)) ? 200 : 409;
    }
  }
}

describe('promo codes over their whole scope (property test against the real endpoints)', () => {
  it('never grants more than the limit over both events, nor per buyer, and the report counts what was sold', async () => {
    routeNetwork();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(holdCommand, { minLength: 3, maxLength: 8 }),
        fc.array(command, { minLength: 3, maxLength: 10 }),
        async (maxTickets, maxPerBuyer, first, then) => {
          const { a, b, admin } = await twoEvents(6);
          const { code, id } = await producerCode(admin, {
            max_tickets: maxTickets,
            max_per_buyer: maxPerBuyer,
            release_on_refund: true,
          });
          const buyers = await Promise.all([createBuyer(), createBuyer(), createBuyer(), createBuyer()]);
          const world: World = { events: [a, b], buyers, admin, code, orders: [] };
          // Three waves, each all at once: holds on both events; then holds, payments, expiries, releases and
          // refunds of those orders; then every buyer pays whatever they still hold.
          const payAll = () => world.orders.map((_, order): Command => ({ kind: 'pay', order }));
          for (const wave of [() => first, () => then, payAll]) {
            const commands = wave();
            const statuses = await Promise.all(commands.map((c) => run(world, c)));
            for (const [i, s] of statuses.entries()) expect(s, JSON.stringify(commands[i])).toBeLessThan(500);
          }
          // Whatever the interleaving: sold discounted tickets within the limit, in all and per buyer.
          const sold = await paidWithCode(id);
          expect(sold.total).toBeLessThanOrEqual(maxTickets);
          for (const n of sold.perBuyer) expect(n).toBeLessThanOrEqual(maxPerBuyer);
          // Every paid order with the code had its use claimed (no discounted sale the count did not grant).
          const unclaimed = await env.DB.prepare(
            `select count(*) as n from orders o where o.promo_code_id = ? and o.status = 'paid'
               and not exists (select 1 from promo_code_uses u where u.hold_id = o.hold_id)`,
          )
            .bind(id)
            .first<{ n: number }>();
          expect(unclaimed?.n).toBe(0);
          // Once every open hold is gone, the live count is exactly what stays sold, and the report says so.
          for (const [i, event] of world.events.entries())
            for (const o of world.orders.filter((x) => x.event === i)) {
              const row = await env.DB.prepare('select hold_id from orders where id = ?')
                .bind(o.id)
                .first<{ hold_id: string }>();
              await inventoryOf(env, event.event_id).expireSoon(row!.hold_id, 1);
            }
          await eventually(async () => (await reportOf(admin, code)).live_tickets === sold.total, 'the live count');
          const report = await reportOf(admin, code);
          const paid = await env.DB.prepare(
            `select count(*) as orders, coalesce(sum((select sum(i.quantity) from order_items i where i.order_id = o.id)), 0)
               as tickets from orders o where o.promo_code_id = ? and o.status in ('paid', 'refunded')`,
          )
            .bind(id)
            .first<{ orders: number; tickets: number }>();
          expect(report).toMatchObject({ uses: paid!.orders, tickets: paid!.tickets, live_tickets: sold.total });
          expect(report.live_tickets).toBeLessThanOrEqual(maxTickets);
        },
      ),
      { numRuns: 8, seed: Number(process.env.PROMO_SCOPE_SEED ?? Date.now() % 100_000), endOnFailure: true },
    );
  });
});
