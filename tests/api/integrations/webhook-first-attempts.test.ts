import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { syncInventory } from '../../../functions/api/services/checkout/inventory';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { asBuyer, buyerWithDni, createBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { producerWithEvent } from '../kit/events';
import { eventually } from '../kit/http';
import { boxOfficeSale, createEndpoint, outboxOf, receiver, ticketsOfOrder, transferTicket } from './webhook-fixtures';

/**
 * The first attempt follows the commit for the changes written where no request waits for them: the check-in
 * object's copy of its scans, the inventory object's waiting-list offers, and refunds and transfers settled
 * under a door claim. No test here runs the cron job (deliverWebhooks): what reaches the receiver was sent by
 * the reaction to the writer's change (functions/api/reactions/webhooks.ts), from inside the object when the
 * object wrote it.
 */

type Delivered = { type: string; data: Record<string, never> };

/** The receiver's messages of `type`, once at least one arrived (the reaction sends it after the commit). */
async function firstDelivery(received: { body: string }[], type: string) {
  const ofType = () => received.map((r) => JSON.parse(r.body) as Delivered).filter((m) => m.type === type);
  await eventually(async () => ofType().length > 0, `${type} delivered without the cron`);
  return ofType();
}

/** The producer's deliveries as the log keeps them: one per message, delivered at the first attempt. */
async function deliveriesOf(producerId: number) {
  const { results } = await env.DB.prepare(
    `select m.type, d.status, d.attempts from webhook_deliveries d join webhook_outbox m on m.id = d.message_id
     where m.producer_id = ? order by d.id`,
  )
    .bind(producerId)
    .all<{ type: string; status: string; attempts: number }>();
  return results;
}

describe('first attempts right after the commit, without the cron', () => {
  it("ticket.checked_in: the check-in object's copy of the scan sends it", async () => {
    const { received } = receiver();
    const shop = await producerWithEvent();
    await createEndpoint(shop.admin, shop.producerId, ['ticket.checked_in']);
    const orderId = await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1);
    const [ticket] = await ticketsOfOrder(orderId);

    const scan = await asBuyer(shop.admin, `/checkin/events/${shop.eventId}/scan`, {
      method: 'POST',
      json: { code: ticket.code, nonce: `n-${crypto.randomUUID()}`, device: 'puerta-1' },
    });
    expect(scan.status).toBe(200);
    const [message] = await firstDelivery(received, 'ticket.checked_in');
    expect(message.data).toMatchObject({ ticket: { id: ticket.id, status: 'used' } });
    await eventually(
      async () => (await deliveriesOf(shop.producerId)).every((d) => d.status === 'delivered'),
      'the attempt recorded',
    );
    expect(await deliveriesOf(shop.producerId)).toEqual([
      { type: 'ticket.checked_in', status: 'delivered', attempts: 1 },
    ]);
  });

  it('waitlist.offered: the inventory object offering the freed ticket sends it', async () => {
    const { received } = receiver();
    const shop = await producerWithEvent();
    // One place, held by someone: the waiting list opens for it.
    await env.DB.prepare('update ticket_types set capacity = 1 where id = ?').bind(shop.typeId).run();
    await syncInventory(env, shop.eventId);
    const holder = await createBuyer();
    const held = await asBuyer(holder, '/holds', {
      method: 'POST',
      json: { event_id: shop.eventId, items: [{ ticket_type_id: shop.typeId, quantity: 1 }] },
    });
    expect(held.status).toBe(201);
    const heldOrder = ((await held.json()) as Answer<{ id: string }>).data.id;
    const waiting = await buyerWithDni();
    const joined = await asBuyer(waiting, `/waitlist/${shop.eventId}`, {
      method: 'POST',
      json: { ticket_type_id: shop.typeId, quantity: 1 },
    });
    expect(joined.status).toBe(201);
    await createEndpoint(shop.admin, shop.producerId, ['waitlist.offered']);

    // The hold runs out: the object offers the place to the waiting buyer and queues the offer's e-mail.
    const hold = await env.DB.prepare('select hold_id from orders where id = ?')
      .bind(heldOrder)
      .first<{ hold_id: string }>();
    const inventory = inventoryOf(env, shop.eventId);
    await inventory.expireSoon(hold!.hold_id, 1);
    await eventually(async () => {
      await inventory.availability();
      return (await outboxOf(shop.producerId)).length > 0;
    }, 'the offer is written');
    const [message] = await firstDelivery(received, 'waitlist.offered');
    expect(message.data).toMatchObject({
      offer: { email: waiting.email.toLowerCase(), quantity: 1, ticket_type_id: shop.typeId },
      event: { id: shop.eventId },
    });
    expect(received).toHaveLength(1);
  });

  it('order.refunded: a refund settled under its door claim sends it', async () => {
    const { received } = receiver();
    const shop = await producerWithEvent();
    await createEndpoint(shop.admin, shop.producerId, ['order.refunded']);
    const orderId = await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 2);
    const refunded = await asBuyer(shop.admin, `/orders/${orderId}/refund`, {
      method: 'POST',
      json: { reason: 'Pedido' },
    });
    expect(refunded.status).toBe(200);
    const [message] = await firstDelivery(received, 'order.refunded');
    expect(message.data).toMatchObject({ order: { id: orderId, status: 'refunded' } });
    expect(received).toHaveLength(1);
  });

  it("ticket.transferred: the recipient's acceptance under its door claim sends it", async () => {
    const { received } = receiver();
    const shop = await producerWithEvent();
    await createEndpoint(shop.admin, shop.producerId, ['ticket.transferred']);
    const buyer = await createBuyer();
    const orderId = await boxOfficeSale(shop.admin, shop.eventId, shop.typeId, 1, buyer.email);
    const [ticket] = await ticketsOfOrder(orderId);
    expect(await transferTicket(buyer, await createBuyer(), ticket.id)).toEqual([200, 200]);
    const [message] = await firstDelivery(received, 'ticket.transferred');
    expect(message.data).toMatchObject({ from_ticket: { id: ticket.id, status: 'transferred' } });
  });
});
