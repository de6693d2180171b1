import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { setStatus } from '../../../functions/api/services/events/store';
import { WEBHOOK_TYPES } from '../../../src/shared/schemas/integrations';
import { asBuyer, createBuyer } from '../kit/actors';
import { producerWithEvent } from '../kit/events';
import { eventually } from '../kit/http';
import { boxOfficeSale, createEndpoint, outboxOf, receiver, ticketsOfOrder, transferTicket } from './webhook-fixtures';

/**
 * Each writer puts its message in the outbox with its own change, through the real endpoints: the payload is the
 * state that change committed.
 */

const payloadOf = async (producerId: number, type: string) => {
  const row = (await outboxOf(producerId)).find((m) => m.type === type);
  return row ? (JSON.parse(row.payload) as Record<string, never>) : null;
};

describe('writers emit their webhook messages in their own batch', () => {
  it('a door admission, a transfer, a refund and a publication each write their message', async () => {
    receiver(); // the first attempts that follow the commits reach it
    const shop = await producerWithEvent();
    await createEndpoint(shop.admin, shop.producerId, [...WEBHOOK_TYPES]);
    const buyer = await createBuyer();
    const orderId = await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 2, buyer.email);
    const [first, second] = await ticketsOfOrder(orderId);

    // The door admits the first ticket: ticket.checked_in comes with the check-in object's copy to D1.
    const scan = await asBuyer(shop.admin, `/checkin/events/${shop.eventId}/scan`, {
      method: 'POST',
      json: { code: first.code, nonce: `n-${crypto.randomUUID()}`, device: 'puerta-1' },
    });
    expect(scan.status).toBe(200);
    await eventually(async () => (await payloadOf(shop.producerId, 'ticket.checked_in')) !== null, 'ticket.checked_in');
    const checkedIn = (await payloadOf(shop.producerId, 'ticket.checked_in')) as unknown as {
      ticket: { id: string; status: string; used_at: string };
      scan: { at: string };
    };
    expect(checkedIn.ticket).toMatchObject({ id: first.id, status: 'used' });
    expect(checkedIn.scan.at).toMatch(/Z$/);

    // The second ticket is transferred to another person.
    const friend = await createBuyer();
    expect(await transferTicket(buyer, friend, second.id)).toEqual([200, 200]);
    const transferred = (await payloadOf(shop.producerId, 'ticket.transferred')) as unknown as {
      from_ticket: { id: string; status: string };
      to_ticket: { id: string; status: string };
    };
    expect(transferred.from_ticket).toMatchObject({ id: second.id, status: 'transferred' });
    expect(transferred.to_ticket.status).toBe('valid');

    // Another sale, refunded whole.
    const refundable = await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    const refunded = await asBuyer(shop.admin, `/orders/${refundable}/refund`, {
      method: 'POST',
      json: { reason: 'Pedido' },
    });
    expect(refunded.status).toBe(200);
    const refund = (await payloadOf(shop.producerId, 'order.refunded')) as unknown as {
      refund: { amount: string; amount_cents: number };
      order: { id: string; status: string; tickets: { status: string }[] };
    };
    expect(refund.order).toMatchObject({ id: refundable, status: 'refunded' });
    expect(refund.order.tickets.map((t) => t.status)).toEqual(['cancelled']);
    expect(refund.refund).toMatchObject({ amount: '1000.00', amount_cents: 100000 });

    // Published (the events store's status write, which publishing and the platform's approval use).
    await env.DB.prepare("update events set status = 'borrador' where id = ?").bind(shop.eventId).run();
    expect(await payloadOf(shop.producerId, 'event.published')).toBeNull();
    await setStatus(env, shop.eventId, 'publicado', { approved: true });
    const event = (await payloadOf(shop.producerId, 'event.published')) as unknown as {
      event: { id: number; status: string; dates: unknown[] };
    };
    expect(event.event).toMatchObject({ id: shop.eventId, status: 'publicado' });
    expect(event.event.dates).toHaveLength(1);
  });
});
