import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { syncInventory } from '../../../functions/api/services/checkout/inventory';
import { PROMO_MSG } from '../../../src/shared/messages/promo';
import { BUYER_FORM, payInSandbox } from '../checkout/checkout-fixtures';
import { adminOf, asBuyer, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { createTestEvent } from '../kit/events';
import { eventually, provider } from '../kit/http';
import { routeNetwork } from '../kit/network';

/**
 * Access codes on the event page (issue 22): `GET /events/:id/unlock?codigo=` answers the hidden types a
 * live access code unlocks, never without one (nor in the public event), wrong codes get a Spanish message
 * on the field and are throttled per address, and the unlocked type is bought through the checkout with the
 * same code.
 */

type UnlockData = {
  code: string;
  kind: string;
  dates: { id: number; ticket_types: { id: number; name: string; price_cents: number; availability: string }[] }[];
};

let codes = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${codes++}`;

/** An event with its public type and a hidden "VIP" type (capacity 20, $ 5.000). */
async function eventWithHiddenType() {
  const event = await createTestEvent(env, { capacity: 50, price_cents: 1000_00, max_per_order: 4 });
  const vip = (await env.DB.prepare(
    `insert into ticket_types (event_date_id, name, price_cents, capacity, max_per_order, hidden)
     values (?, 'VIP oculto', 5000_00, 20, 4, 1) returning id`,
  )
    .bind(event.event_date_id)
    .first<{ id: number }>())!.id;
  await syncInventory(env, event.event_id);
  const admin = await adminOf(event.producer_id);
  return { event, vip, admin };
}

async function createCode(admin: { auth: Record<string, string>; producerId: number }, body: Record<string, unknown>) {
  const res = await asBuyer(admin, `/admin/promo-codes/${admin.producerId}`, { method: 'POST', json: body });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return res;
}

const unlock = (eventId: number, code: string, ip?: string) =>
  provider(`/events/${eventId}/unlock?codigo=${encodeURIComponent(code)}`, {
    headers: ip ? { 'x-client-ip': ip } : {},
  });

describe('access codes on the event page', () => {
  it('answers the hidden types a live access code unlocks, and only then', async () => {
    const { event, vip, admin } = await eventWithHiddenType();
    const access = uniqueCode('VIP');
    await createCode(admin, { event_id: event.event_id, code: access, kind: 'access', unlock_ticket_type_ids: [vip] });
    const discount = uniqueCode('DTO');
    await createCode(admin, { event_id: event.event_id, code: discount, discount_type: 'percent', value: 10 });

    // The public event never shows the hidden type.
    const publicEvent = ((await (await provider(`/events/${event.event_id}`)).json()) as Answer).data as {
      dates: { ticket_types: { id: number }[] }[];
    };
    expect(publicEvent.dates.flatMap((d) => d.ticket_types.map((t) => t.id))).toEqual([event.ticket_type_id]);

    // The access code, in any case, unlocks it (with its price, availability and date).
    const ok = await unlock(event.event_id, access.toLowerCase());
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const data = ((await ok.json()) as Answer).data as UnlockData;
    expect(data).toMatchObject({ code: access, kind: 'access' });
    expect(data.dates).toEqual([
      {
        id: event.event_date_id,
        ticket_types: [
          expect.objectContaining({ id: vip, name: 'VIP oculto', price_cents: 5000_00, availability: 'disponible' }),
        ],
      },
    ]);

    // A discount-only code unlocks nothing; its discount is answered for the event page to show.
    const dto = ((await (await unlock(event.event_id, discount)).json()) as Answer).data as UnlockData;
    expect(dto).toEqual({
      code: discount,
      kind: 'discount',
      discount: { type: 'percent', value: 10, type_ids: null },
      dates: [],
    });

    // Wrong, malformed, another event's, archived, expired and not yet valid codes: Spanish, on the field, no types.
    const otherEvent = await createTestEvent(env, {});
    const wrong: [string, number, string, number?][] = [
      ['NOEXISTE123', 404, PROMO_MSG.codeInvalid],
      ['a b', 400, PROMO_MSG.codeFormat],
      [access, 404, PROMO_MSG.codeInvalid, otherEvent.event_id],
    ];
    /** An access code to the VIP type, valid only within `window`. */
    const accessCodeWithin = (code: string, window: { valid_from: string; valid_until?: string }) =>
      createCode(admin, { event_id: event.event_id, code, kind: 'access', unlock_ticket_type_ids: [vip], ...window });
    const expired = uniqueCode('VENC');
    await accessCodeWithin(expired, { valid_from: '2020-01-01T00:00:00Z', valid_until: '2020-02-01T00:00:00Z' });
    wrong.push([expired, 409, PROMO_MSG.codeExpired]);
    const later = uniqueCode('LUEGO');
    await accessCodeWithin(later, { valid_from: '2099-01-01T03:00:00Z' });
    const archived = uniqueCode('ARCH');
    const made = (
      (await (
        await createCode(admin, {
          event_id: event.event_id,
          code: archived,
          kind: 'both',
          discount_type: 'percent',
          value: 5,
          unlock_ticket_type_ids: [vip],
        })
      ).json()) as Answer
    ).data as { id: number };
    await asBuyer(admin, `/admin/promo-codes/${admin.producerId}/${made.id}/archive`, { method: 'POST' });
    wrong.push([archived, 404, PROMO_MSG.codeInvalid]);
    for (const [code, status, message, eventId] of wrong) {
      const res = await unlock(eventId ?? event.event_id, code);
      const body = (await res.json()) as Answer;
      expect(res.status, code).toBe(status);
      expect(body.errors?.codigo, code).toEqual([message]);
      expect(JSON.stringify(body)).not.toContain('VIP oculto');
    }
    const notYet = await unlock(event.event_id, later);
    expect(notYet.status).toBe(409);
    expect(((await notYet.json()) as Answer).errors?.codigo?.[0]).toMatch(
      /^El código todavía no está vigente: vale desde el /,
    );
    expect((await provider('/events/999999999/unlock?codigo=ABC123')).status).toBe(404);
  });

  it('throttles wrong codes per address (a right code is not counted)', async () => {
    const { event, vip, admin } = await eventWithHiddenType();
    const access = uniqueCode('OK');
    await createCode(admin, { event_id: event.event_id, code: access, kind: 'access', unlock_ticket_type_ids: [vip] });
    const ip = `198.51.100.${Date.now() % 250}`;
    for (let i = 0; i < 40; i++) expect((await unlock(event.event_id, access, ip)).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await unlock(event.event_id, `MAL${i}XX`, ip)).status).toBe(404);
    const refused = await unlock(event.event_id, 'MAL99XX', ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Another address is not affected.
    expect((await unlock(event.event_id, 'MAL99XX', `${ip}1`.slice(0, 15))).status).toBe(404);
  });

  it('buys an unlocked type through the checkout with the code; without it the type cannot be held', async () => {
    routeNetwork();
    const { event, vip, admin } = await eventWithHiddenType();
    const access = uniqueCode('ACC');
    await createCode(admin, { event_id: event.event_id, code: access, kind: 'access', unlock_ticket_type_ids: [vip] });
    const buyer = await createBuyer();
    const items = [{ ticket_type_id: vip, quantity: 2 }];
    const without = await asBuyer(buyer, '/holds', { method: 'POST', json: { event_id: event.event_id, items } });
    expect(without.status).toBeGreaterThanOrEqual(400);
    expect(without.status).toBeLessThan(500);
    const held = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items, promo_code: access.toLowerCase() },
    });
    expect(held.status).toBe(201);
    const orderId = (((await held.json()) as Answer).data as { id: string }).id;
    const checkout = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
      method: 'POST',
      json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
    });
    expect(checkout.status).toBe(200);
    await payInSandbox((((await checkout.json()) as Answer).data as { redirect: string }).redirect, 'approved');
    const order = ((await (await asBuyer(buyer, `/orders/${orderId}`)).json()) as Answer).data;
    expect(order).toMatchObject({ status: 'paid', subtotal_cents: 10000_00 });
    const tickets = await env.DB.prepare(
      "select count(*) as n from tickets where order_id = ? and ticket_type_id = ? and status = 'valid'",
    )
      .bind(orderId, vip)
      .first<{ n: number }>();
    expect(tickets?.n).toBe(2);
    // The unlocked type's availability now counts the sale.
    await eventually(async () => {
      const after = ((await (await unlock(event.event_id, access)).json()) as Answer).data as UnlockData;
      return (after.dates[0].ticket_types[0] as { remaining?: number }).remaining === 18;
    }, 'the unlocked type counts the sale (the D1 mirror lags by up to a second)');
  });
});
