import { env, runInDurableObject, SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import { checkinOf, inventoryOf, queueOf } from '../../../functions/durable-objects/stubs';
import { BUYER_FORM, payInSandbox } from '../checkout/checkout-fixtures';
import { asBuyer } from '../kit/actors';
import type { Answer } from '../kit/call';
import { eventually, ORIGIN } from '../kit/http';

/** A Durable Object's storage lost (issue 35): everything deleted, and the object started again from nothing. */

const OBJECTS = { inventory: inventoryOf, queue: queueOf, checkin: checkinOf } as const;

/**
 * Waits until the object's copy to D1 caught up (a D1 round trip after its last change), then deletes its
 * storage and throws the instance away through the dev-only route: the next call starts a new one.
 */
export async function wipe(kind: keyof typeof OBJECTS, eventId: number) {
  await quiet(OBJECTS[kind](env, eventId));
  const res = await SELF.fetch(`${ORIGIN}/dev/objects/${kind}/${eventId}/wipe`, { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(200);
  // The storage was really lost: the new instance put rows back from D1 (an untouched one keeps its old marker).
  const restored = await runInDurableObject(
    OBJECTS[kind](env, eventId),
    (_object, state) => state.storage.sql.exec<{ n: number }>('select restored_rows as n from mirror_meta').one().n,
  );
  expect(restored).toBeGreaterThan(0);
}

/**
 * Waits until the object has nothing on its way out: its copy to D1 caught up (nothing to wait for without a
 * mirror) and, for the inventory, its waiting-list offers and notices delivered.
 */
export async function quiet<O extends Rpc.DurableObjectBranded | undefined>(stub: DurableObjectStub<O>) {
  const count = (sql: SqlStorage, table: string) => {
    try {
      return sql.exec<{ n: number }>(`select count(*) as n from ${table}`).one().n;
    } catch {
      return 0;
    }
  };
  await eventually(
    async () =>
      runInDurableObject(stub, (_object, state) =>
        ['mirror_dirty', 'mirror_seat_changes', 'waitlist_outbox', 'waitlist_notices'].every(
          (t) => count(state.storage.sql, t) === 0,
        ),
      ),
    "the object's copy to D1 and its deliveries",
  );
}

/** Everything the inventory answers about its event, read through its own methods. */
export async function inventoryView(eventId: number, holdIds: string[] = [], ticketIds: string[] = []) {
  const inventory = inventoryOf(env, eventId);
  const list = await inventory.waitlist();
  return {
    availability: await inventory.availability(),
    waitlist: list.entries.map((e) => ({
      id: e.id,
      user: e.user_id,
      seq: e.seq,
      status: e.status,
      quantity: e.quantity,
      offerHold: e.offer_hold,
      offered: e.offered_quantity,
      offerExpiresAt: e.offer_expires_at,
      offerOrder: e.offer_order,
    })),
    demand: list.demand,
    offerMinutes: list.offerMinutes,
    promo: await inventory.promoUse(),
    invitations: await inventory.invitationUse(),
    holds: await Promise.all(holdIds.map((id) => inventory.holdStatus(id))),
    resale: await Promise.all(ticketIds.map((id) => inventory.resaleStatus(id))),
    queue: await inventory.queueStats(),
  };
}

type Buyer = { auth: Record<string, string>; email: string };

/** A hold through the API (answers the response). */
export const holdTickets = (buyer: Buyer, eventId: number, typeId: number, quantity: number, promo?: string) =>
  asBuyer(buyer, '/holds', {
    method: 'POST',
    json: {
      event_id: eventId,
      items: [{ ticket_type_id: typeId, quantity }],
      ...(promo ? { promo_code: promo } : {}),
    },
  });

/** Checkout and an approved payment in the MercadoPago sandbox; answers the order's status after it. */
export async function payOrder(buyer: Buyer, orderId: string) {
  const checkout = await asBuyer(buyer, `/orders/${orderId}/checkout`, {
    method: 'POST',
    json: { ...BUYER_FORM, buyer: { ...BUYER_FORM.buyer, email: buyer.email } },
  });
  expect(checkout.status, await checkout.clone().text()).toBe(200);
  await payInSandbox((((await checkout.json()) as Answer).data as { redirect: string }).redirect, 'approved');
  const order = await env.DB.prepare('select status from orders where id = ?')
    .bind(orderId)
    .first<{ status: string }>();
  return order?.status;
}

export const orderIdOf = async (res: Response) => (((await res.json()) as Answer).data as { id: string }).id;

export async function holdOf(orderId: string) {
  return (await env.DB.prepare('select hold_id from orders where id = ?').bind(orderId).first<{ hold_id: string }>())!
    .hold_id;
}
