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

export type Buyer = { email: string; name: string };

/** The buyers with paid orders for an event, one per e-mail address: they get the cancellation notice. */
export async function buyersOfEvent(db: D1Database, eventId: number): Promise<Buyer[]> {
  try {
    const { results } = await db
      .prepare(
        `select coalesce(o.buyer_email, u.email) as email, coalesce(o.buyer_name, u.name) as name
           from orders o join users u on u.id = o.user_id
          where o.event_id = ? and o.status = 'paid' group by lower(coalesce(o.buyer_email, u.email))`,
      )
      .bind(eventId)
      .all<Buyer>();
    return results;
  } catch {
    return []; // no orders table yet
  }
}
