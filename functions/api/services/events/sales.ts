import { INVITATION_REVOKED_REASON } from '../../../../src/shared/schemas/invitations';
import { orderTransition } from '../../../domain/checkout/order-state';
import { inventoryOf } from '../../../durable-objects/stubs';

/**
 * What the checkout work knows about an event's buyers, read here without importing its code: the orders
 * table (migrations/0005_orders.sql) when present, and the inventory mirror on ticket_types.
 * Both answers fall back safely when the orders table does not exist yet.
 */

/** True when the event has any ticket sold or held (so it cannot be deleted). */
export async function eventHasSales(db: D1Database, eventId: number): Promise<boolean> {
  const mirror = await db
    .prepare(
      `select coalesce(sum(t.sold + t.held), 0) as n from ticket_types t
         join event_dates d on d.id = t.event_date_id where d.event_id = ?`,
    )
    .bind(eventId)
    .first<{ n: number }>();
  if ((mirror?.n ?? 0) > 0) return true;
  try {
    const orders = await db
      .prepare(`select count(*) as n from orders where event_id = ? and status in ('held', 'pending_payment', 'paid')`)
      .bind(eventId)
      .first<{ n: number }>();
    return (orders?.n ?? 0) > 0;
  } catch {
    return false; // no orders table yet
  }
}

/**
 * paid: has a paid order (an invitation is not one: nothing to give back); otherwise the buyer only held
 * tickets, or was invited, when the event was cancelled. Revoked invitations are nobody's concern.
 */
export type Buyer = {
  email: string;
  name: string;
  paid: boolean;
  /** What is still to give back of the buyer's paid orders: online (MercadoPago) and at the box office (cash). */
  online_cents: number;
  cash_cents: number;
};

/**
 * Who hears about a cancellation, one per e-mail address: buyers with paid orders, and buyers whose open
 * hold or pending payment the cancellation closed (closeEventSale).
 */
export async function buyersOfEvent(db: D1Database, eventId: number): Promise<Buyer[]> {
  try {
    const { results } = await db
      .prepare(
        `select coalesce(o.buyer_email, u.email) as email, coalesce(o.buyer_name, u.name) as name,
                max(o.status = 'paid' and o.kind = 'sale') as paid,
                coalesce(sum(case when o.status = 'paid' and o.kind = 'sale' and coalesce(o.payment_id, '') not like 'boleteria:%'
                  then o.total_cents - o.refunded_cents end), 0) as online_cents,
                coalesce(sum(case when o.status = 'paid' and o.kind = 'sale' and o.payment_id like 'boleteria:%'
                  then o.total_cents - o.refunded_cents end), 0) as cash_cents
           from orders o join users u on u.id = o.user_id
          where o.event_id = ? and (o.status = 'paid' or o.status_reason = 'evento_cancelado')
            and coalesce(o.status_reason, '') != ?
            -- A box-office sale without the buyer's e-mail belongs to the seller's account: nobody to write to.
            and not (coalesce(o.payment_id, '') like 'boleteria:%' and o.buyer_email is null)
          group by lower(coalesce(o.buyer_email, u.email))`,
      )
      .bind(eventId, INVITATION_REVOKED_REASON)
      .all<{ email: string; name: string; paid: number; online_cents: number; cash_cents: number }>();
    return results.map((r) => ({
      email: r.email,
      name: r.name,
      paid: r.paid === 1,
      online_cents: r.online_cents,
      cash_cents: r.cash_cents,
    }));
  } catch {
    return []; // no orders table yet
  }
}

/**
 * Closes a cancelled event's sale: the inventory object stops selling and releases every open hold at once
 * (so a hold taken before the cancellation can no longer be checked out or paid: a payment that still
 * arrives is refunded), then the open orders are closed in D1. Idempotent.
 */
export async function closeEventSale(env: Env, eventId: number): Promise<void> {
  await inventoryOf(env, eventId).closeSale();
  await orderTransition(env.DB, { eventId }, ['held', 'pending_payment'], 'expired', {
    set: { status_reason: 'evento_cancelado' },
  }).run();
}
