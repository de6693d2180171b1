import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBuyers } from '../../../functions/dev/checkout-tools';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { PROMO_MSG } from '../../../src/shared/messages/promo';
import { BUYER_FORM, payInSandbox } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { routeNetwork } from '../kit/network';

/**
 * Promo and access codes (issue 22) against the real endpoints: the back office's validation, redemptions
 * counted by the inventory object in the hold's own step (races of hundreds of holds on one code), uses given
 * back by released holds and refunds, free orders from a 100 % code, and the report.
 */

type Buyer = { auth: Record<string, string> };

async function setup(capacity = 1000, price = 1000_00) {
  const event = await createTestEvent(env, { capacity, price_cents: price, max_per_order: 10 });
  const admin = await adminOf(event.producer_id);
  return { event, admin };
}

async function createCode(admin: Buyer & { producerId: number }, body: Record<string, unknown>) {
  const res = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}`, { method: 'POST', json: body });
  return { status: res.status, body: (await res.json()) as Answer };
}

const hold = (buyer: Buyer, eventId: number, typeId: number, quantity: number, code?: string) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: { event_id: eventId, items: [{ ticket_type_id: typeId, quantity }], ...(code ? { promo_code: code } : {}) },
  });

const bearer = (token: string): Buyer => ({ auth: { authorization: `Bearer ${token}` } });

let codes = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${codes++}`;

describe('promo codes: back office', () => {
  it('refuses bad input on the field, in Spanish, and writes nothing', async () => {
    const { event, admin } = await setup();
    const other = await createTestEvent(env, {});
    const otherProducer = await adminOf();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ discount_type: 'percent', value: 0 }, 'value', PROMO_MSG.valuePositive],
      [{ discount_type: 'fixed_ticket', value: -5 }, 'value', PROMO_MSG.valuePositive],
      [{ discount_type: 'percent', value: 150 }, 'value', PROMO_MSG.percentMax],
      [
        {
          discount_type: 'percent',
          value: 10,
          valid_from: '2030-01-02T00:00:00Z',
          valid_until: '2030-01-01T00:00:00Z',
        },
        'valid_until',
        PROMO_MSG.datesOrder,
      ],
      [{ kind: 'access' }, 'unlock_ticket_type_ids', PROMO_MSG.accessNeedsTypes],
      [{ discount_type: 'percent', value: 10, max_tickets: 0 }, 'max_tickets', PROMO_MSG.limitPositive],
      [{ code: 'a b', discount_type: 'percent', value: 10 }, 'code', PROMO_MSG.codeFormat],
    ];
    for (const [body, field, message] of cases) {
      const res = await createCode(admin, { event_id: event.event_id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field]).toContain(message);
    }
    // Another producer's event or ticket types.
    const foreign = await createCode(otherProducer, {
      event_id: event.event_id,
      discount_type: 'percent',
      value: 10,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.event_id).toContain(PROMO_MSG.foreignEvent);
    const foreignTypes = await createCode(admin, {
      event_id: event.event_id,
      discount_type: 'percent',
      value: 10,
      ticket_type_ids: [other.ticket_type_id],
    });
    expect(foreignTypes.status).toBe(400);
    expect(foreignTypes.body.errors?.ticket_type_ids).toContain(PROMO_MSG.foreignTypes);
    // Twice the same code (any case): the second is refused on the field.
    const code = uniqueCode('DUP');
    expect((await createCode(admin, { code, discount_type: 'percent', value: 10 })).status).toBe(201);
    const twice = await createCode(admin, { code: code.toLowerCase(), discount_type: 'percent', value: 10 });
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.code).toContain(PROMO_MSG.duplicate);
    const count = await env.DB.prepare('select count(*) as n from promo_codes where code = ?')
      .bind(code)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it('bulk-generates unique codes with a prefix and no ambiguous characters, and archives them', async () => {
    const { event, admin } = await setup();
    const res = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}/bulk`, {
      method: 'POST',
      json: {
        event_id: event.event_id,
        count: 50,
        prefix: 'rrpp-',
        discount_type: 'percent',
        value: 20,
        owner_label: 'Lola',
      },
    });
    expect(res.status).toBe(201);
    const data = ((await res.json()) as Answer).data as { count: number; codes: string[] };
    expect(data.count).toBe(50);
    expect(new Set(data.codes).size).toBe(50);
    for (const c of data.codes) expect(c).toMatch(/^RRPP-[A-HJKMNP-Z2-9]{8}$/);

    const buyer = await createBuyer();
    const code = data.codes[0];
    expect((await hold(buyer, event.event_id, event.ticket_type_id, 1, code.toLowerCase())).status).toBe(201);
    const list = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}`);
    const id = (((await list.json()) as Answer).data as unknown as { id: number; code: string }[]).find(
      (c) => c.code === code,
    )!.id;
    const archived = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}/${id}/archive`, { method: 'POST' });
    expect(archived.status).toBe(200);
    const after = await hold(await createBuyer(), event.event_id, event.ticket_type_id, 1, code);
    expect(after.status).toBe(400);
    expect(((await after.json()) as Answer).errors?.promo_code).toContain(PROMO_MSG.codeInvalid);
    // Another producer cannot archive it.
    const stranger = await adminOf();
    const theirs = await asBuyer(stranger, `/admin/promo-codes/${stranger.producerId}/${id}/archive`, {
      method: 'POST',
    });
    expect(theirs.status).toBe(404);
  });
});

describe('promo codes: holds', () => {
  it('200 concurrent holds on a code limited to 10 tickets: exactly 10 discounted', async () => {
    const { event, admin } = await setup(1000);
    const code = uniqueCode('DIEZ');
    expect(
      (
        await createCode(admin, {
          code,
          event_id: event.event_id,
          discount_type: 'percent',
          value: 50,
          max_tickets: 10,
        })
      ).status,
    ).toBe(201);
    const tokens = await createBuyers(env, 200);
    const answers = await Promise.all(
      tokens.map((t) => hold(bearer(t), event.event_id, event.ticket_type_id, 1, code.toLowerCase())),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<Answer>));
    for (const b of bodies.filter((x) => !x.status)) expect(b.errors?.promo_code).toContain(PROMO_MSG.codeExhausted);
    for (const b of bodies.filter((x) => x.status)) expect(b.data.discount_cents).toBe(500_00);
    const orders = await env.DB.prepare(
      'select count(*) as n, sum(discount_cents) as d from orders where event_id = ? and promo_code = ?',
    )
      .bind(event.event_id, code)
      .first<{ n: number; d: number }>();
    expect(orders).toEqual({ n: 10, d: 10 * 500_00 });
    const live = await inventoryOf(env, event.event_id).promoUse();
    expect(live.reduce((n, u) => n + u.tickets, 0)).toBe(10);
  });

  it('never redeems past the limit, whatever the quantities and interleaving (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 12 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 10, maxLength: 40 }),
        async (max, quantities) => {
          const { event, admin } = await setup(1000);
          const code = uniqueCode('PROP');
          await createCode(admin, {
            code,
            event_id: event.event_id,
            discount_type: 'fixed_ticket',
            value: 100_00,
            max_tickets: max,
          });
          const tokens = await createBuyers(env, quantities.length);
          const answers = await Promise.all(
            tokens.map((t, i) => hold(bearer(t), event.event_id, event.ticket_type_id, quantities[i], code)),
          );
          const granted = quantities.filter((_, i) => answers[i].status === 201).reduce((a, b) => a + b, 0);
          expect(granted).toBeLessThanOrEqual(max);
          // Uses only go down in this run, so anyone refused wanted more than what is left at the end.
          quantities.forEach((q, i) => {
            if (answers[i].status !== 201) expect(q).toBeGreaterThan(max - granted);
          });
          const live = await inventoryOf(env, event.event_id).promoUse();
          expect(live.reduce((n, u) => n + u.tickets, 0)).toBe(granted);
          await Promise.all(answers.map((r) => r.body?.cancel()));
        },
      ),
      { numRuns: 4 },
    );
  });

  it('a released or expired hold gives its use back; a replaced hold does not count twice', async () => {
    const { event, admin } = await setup();
    const code = uniqueCode('UNO');
    await createCode(admin, { code, event_id: event.event_id, discount_type: 'percent', value: 10, max_tickets: 2 });
    const [a, b] = [await createBuyer(), await createBuyer()];
    const first = await hold(a, event.event_id, event.ticket_type_id, 2, code);
    expect(first.status).toBe(201);
    const orderId = (((await first.json()) as Answer).data as { id: string }).id;
    // The same buyer replaces their hold with the code again: the old hold's use goes with it.
    expect((await hold(a, event.event_id, event.ticket_type_id, 2, code)).status).toBe(201);
    expect((await hold(b, event.event_id, event.ticket_type_id, 1, code)).status).toBe(409);
    // The buyer leaves: their use goes back.
    const latest = await env.DB.prepare(
      "select id, hold_id from orders where user_id = ? and status = 'held' order by created_at desc limit 1",
    )
      .bind(a.id)
      .first<{ id: string; hold_id: string }>();
    expect(latest?.id).not.toBe(orderId);
    expect((await asBuyer(a, `/holds/${latest!.id}`, { method: 'DELETE' })).status).toBe(200);
    const second = await hold(b, event.event_id, event.ticket_type_id, 2, code);
    expect(second.status).toBe(201);
    // It expires: the use goes back again.
    const bOrder = (((await second.json()) as Answer).data as { id: string }).id;
    const row = await env.DB.prepare('select hold_id from orders where id = ?')
      .bind(bOrder)
      .first<{ hold_id: string }>();
    await inventoryOf(env, event.event_id).expireSoon(row!.hold_id, 1);
    await new Promise((r) => setTimeout(r, 5));
    expect((await hold(await createBuyer(), event.event_id, event.ticket_type_id, 2, code)).status).toBe(201);
  });

  it('answers every bad code in Spanish on the field', async () => {
    const { event, admin } = await setup();
    const buyer = await createBuyer();
    const expired = uniqueCode('VIEJO');
    await createCode(admin, {
      code: expired,
      discount_type: 'percent',
      value: 10,
      valid_from: '2020-01-01T00:00:00Z',
      valid_until: '2020-02-01T00:00:00Z',
    });
    const perOrder = uniqueCode('POCO');
    await createCode(admin, { code: perOrder, discount_type: 'percent', value: 10, max_per_order: 1 });
    const perBuyer = uniqueCode('MIO');
    await createCode(admin, { code: perBuyer, discount_type: 'percent', value: 10, max_per_buyer: 2 });
    const cases: [string, number, number, string][] = [
      ['NOEXISTE1', 1, 400, PROMO_MSG.codeInvalid],
      [expired, 1, 409, PROMO_MSG.codeExpired],
      [perOrder, 2, 400, PROMO_MSG.codePerOrder(1)],
    ];
    for (const [code, quantity, status, message] of cases) {
      const res = await hold(buyer, event.event_id, event.ticket_type_id, quantity, code);
      expect(res.status, code).toBe(status);
      expect(((await res.json()) as Answer).errors?.promo_code).toContain(message);
    }
    const bad = await hold(buyer, event.event_id, event.ticket_type_id, 1, 'x');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Answer).errors?.promo_code).toContain(PROMO_MSG.codeFormat);
    // Per buyer: two tickets in one hold, then the buyer's next hold elsewhere in the sale is refused once
    // the first is sold (a replaced hold gives its use back, so only sold or other open holds count).
    expect((await hold(buyer, event.event_id, event.ticket_type_id, 2, perBuyer)).status).toBe(201);
    expect((await hold(buyer, event.event_id, event.ticket_type_id, 3, perBuyer)).status).toBe(409);
  });

  it('a 100 % code makes a free order: no MercadoPago, no service charge; the order carries the code', async () => {
    const { event, admin } = await setup();
    const code = uniqueCode('GRATIS');
    await createCode(admin, { code, discount_type: 'percent', value: 100 });
    const buyer = await createBuyer();
    const res = await hold(buyer, event.event_id, event.ticket_type_id, 2, code);
    expect(res.status).toBe(201);
    const data = ((await res.json()) as Answer).data as Record<string, number | string>;
    expect(data).toMatchObject({ subtotal_cents: 0, fee_cents: 0, total_cents: 0, discount_cents: 2000_00 });
    const pay = await asBuyer(buyer, `/orders/${data.id}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
    });
    expect(pay.status).toBe(200);
    expect((((await pay.json()) as Answer).data as { status: string }).status).toBe('paid');
    const view = ((await (await asBuyer(buyer, `/orders/${data.id}`)).json()) as Answer).data;
    expect(view).toMatchObject({ status: 'paid', promo_code: code, discount_cents: 2000_00, total_cents: 0 });
  });

  it('computes the service charge on the discounted price', async () => {
    const { event, admin } = await setup(100, 1000_00);
    const code = uniqueCode('MITAD');
    await createCode(admin, { code, discount_type: 'percent', value: 50 });
    const buyer = await createBuyer();
    const plain = ((await (await hold(buyer, event.event_id, event.ticket_type_id, 1)).json()) as Answer).data;
    const withCode = ((await (await hold(buyer, event.event_id, event.ticket_type_id, 1, code)).json()) as Answer).data;
    // The platform's default charge: 10 % + $50 per paid ticket.
    expect(plain).toMatchObject({ subtotal_cents: 1000_00, fee_cents: 100_00 + 50_00 });
    expect(withCode).toMatchObject({ subtotal_cents: 500_00, fee_cents: 50_00 + 50_00, discount_cents: 500_00 });
  });

  it('a refund gives the use back when the code says so, and pro-rates the discount', async () => {
    routeNetwork();
    const { event, admin } = await setup(100, 1000_00);
    const code = uniqueCode('VUELVE');
    await createCode(admin, {
      code,
      discount_type: 'fixed_order',
      value: 300_00,
      max_tickets: 3,
      release_on_refund: true,
    });
    const buyer = await createBuyer();
    const held = await hold(buyer, event.event_id, event.ticket_type_id, 3, code);
    const orderId = (((await held.json()) as Answer).data as { id: string }).id;
    const pay = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
    });
    await payInSandbox((((await pay.json()) as Answer).data as { redirect: string }).redirect, 'approved');
    expect((await hold(await createBuyer(), event.event_id, event.ticket_type_id, 1, code)).status).toBe(409);
    const ticket = await env.DB.prepare('select id from tickets where order_id = ? order by id limit 1')
      .bind(orderId)
      .first<{ id: string }>();
    const refund = await asBuyer(admin, `/admin/orders/${orderId}/refund`, {
      method: 'POST',
      json: { reason: 'Prueba', ticket_ids: [ticket!.id], idempotency_key: `promo-${orderId}` },
    });
    expect(refund.status).toBe(200);
    // One ticket of three, each $1.000 − $100 off: $900 plus its service charge on $900 (10 % + $50).
    const refunded = await env.DB.prepare('select amount_cents from refunds where order_id = ?')
      .bind(orderId)
      .first<{ amount_cents: number }>();
    expect(refunded?.amount_cents).toBe(900_00 + 90_00 + 50_00);
    expect((await hold(await createBuyer(), event.event_id, event.ticket_type_id, 1, code)).status).toBe(201);
    // The report counts the paid order: 3 tickets, revenue net of the refund.
    const report = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}/report?format=csv`);
    expect(report.headers.get('content-type')).toContain('text/csv');
    const csv = await report.text();
    expect(csv).toContain(code);
    expect(csv.split('\r\n')[0]).toContain('Código;RRPP;Usos;Entradas;Recaudación');
  });
});
