import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { RESALE_MSG } from '../../../src/shared/messages/resale';
import { BUYER_FORM, payInSandbox } from '../checkout/checkout-fixtures';
import { asBuyer, createBuyer } from '../kit/actors';
import { type AnswerOf, call } from '../kit/call';
import { createTestEvent, producerWithEvent } from '../kit/events';
import { routeNetwork } from '../kit/network';
import { VALID_SETTINGS } from '../settings/settings-fixtures';

/**
 * The producer's face-value resale policy (issue 22): `resale_keep_bp` in the producer's settings, validated
 * with Spanish messages on the field, and what a holder is told they get back before returning a ticket.
 */

describe('resale policy', () => {
  it('saves what the producer keeps (basis points); bad values are a Spanish 400 on the field and change nothing', async () => {
    const p = await producerWithEvent();
    const param = { id: p.producerId };
    const saved = await call(p.admin, 'PUT /admin/settings/producers/:id', {
      param,
      json: { ...VALID_SETTINGS, resale_keep_bp: 1250 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.resale_keep_bp).toBe(1250);
    expect((await call(p.admin, 'GET /admin/settings/producers/:id', { param })).body.data.resale_keep_bp).toBe(1250);

    const bad: [unknown, string][] = [
      [-1, RESALE_MSG.keepRange],
      [10_001, RESALE_MSG.keepRange],
      [12.5, RESALE_MSG.keepDecimals],
      ['diez', RESALE_MSG.keepNumber],
    ];
    for (const [value, message] of bad) {
      const res = await call(p.admin, 'PUT /admin/settings/producers/:id', {
        param,
        json: { ...VALID_SETTINGS, resale_keep_bp: value },
      });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.errors?.resale_keep_bp, String(value)).toEqual([message]);
    }
    const row = await env.DB.prepare('select resale_keep_bp from producer_settings where producer_id = ?')
      .bind(p.producerId)
      .first<{ resale_keep_bp: number }>();
    expect(row?.resale_keep_bp).toBe(1250);
    // The whole range is accepted.
    for (const value of [0, 10_000]) {
      const res = await call(p.admin, 'PUT /admin/settings/producers/:id', {
        param,
        json: { ...VALID_SETTINGS, resale_keep_bp: value },
      });
      expect(res.body.data.resale_keep_bp).toBe(value);
    }
  });

  it("tells the holder what comes back if the ticket is resold, with the producer's policy", async () => {
    routeNetwork();
    const event = await createTestEvent(env, { capacity: 5, price_cents: 1000_00 });
    const buyer = await createBuyer();
    const held = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: event.ticket_type_id, quantity: 1 }] },
    });
    const orderId = ((await held.json()) as AnswerOf<'POST /holds'>).data.id;
    const checkout = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
    });
    await payInSandbox(((await checkout.json()) as AnswerOf<'POST /orders/:id/checkout'>).data.redirect, 'approved');
    const ticket = (await env.DB.prepare('select id from tickets where order_id = ?')
      .bind(orderId)
      .first<{ id: string }>())!;
    const terms = async () =>
      ((await (await asBuyer(buyer, `/tickets/${ticket.id}/resale`)).json()) as AnswerOf<'GET /tickets/:id/resale'>)
        .data;
    const keep = (bp: number) =>
      env.DB.prepare(
        `insert into producer_settings (producer_id, resale_keep_bp) values (?, ?)
         on conflict (producer_id) do update set resale_keep_bp = excluded.resale_keep_bp`,
      )
        .bind(event.producer_id, bp)
        .run();
    await keep(0);
    // $ 1.000 and a 15 % service charge: all of it back.
    // Nobody waits for it here (`waiting` 0): the holder would be told before confirming.
    expect(await terms()).toEqual({ status: null, waiting: 0, keep_bp: 0, refund_cents: 1150_00 });
    await keep(1250);
    expect(await terms()).toEqual({ status: null, waiting: 0, keep_bp: 1250, refund_cents: 1025_00 });
    await keep(10_000);
    expect(await terms()).toMatchObject({ refund_cents: 150_00 });
    await keep(0);
    // Another person's ticket: not found.
    expect((await asBuyer(await createBuyer(), `/tickets/${ticket.id}/resale`)).status).toBe(404);
  });
});
