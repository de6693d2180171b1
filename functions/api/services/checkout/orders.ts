import { ORDER_NOT_FOUND } from '../../../../src/shared/messages/checkout';
import type { OrderStatus, OrderView } from '../../../../src/shared/schemas/checkout';
import { orderTransition } from '../../../domain/checkout/order-state';
import { fail } from '../../lib/errors';

export type OrderRow = {
  id: string;
  user_id: number;
  event_id: number;
  producer_id: number;
  hold_id: string;
  status: OrderStatus;
  hold_expires_at: string;
  subtotal_cents: number;
  fee_cents: number;
  total_cents: number;
  promo_code_id: number | null;
  promo_code: string | null;
  discount_cents: number;
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_dni: string | null;
  buyer_phone: string | null;
  mp_preference_id: string | null;
  /** The linked seller account that collects the order (configuration), or null. */
  mp_collector_id: string | null;
  payment_id: string | null;
  payment_status: string | null;
  status_reason: string | null;
  paid_at: string | null;
  /** 'invitation': complimentary tickets (free, never paid: not revenue). */
  kind: 'sale' | 'invitation';
  tickets_mail_status: 'pending' | 'sending' | 'sent' | 'failed' | null;
  tickets_mail_attempts: number;
  tickets_mail_at: string | null;
};

export type OrderItemRow = {
  ticket_type_id: number;
  quantity: number;
  unit_price_cents: number;
  unit_fee_cents: number;
  unit_discount_cents: number;
  holders: string;
  /** A seated type's seats, JSON [{ id, name }] (issue 33); null otherwise. */
  seats: string | null;
  name: string;
  named: number;
  event_date_id: number;
  starts_at: string;
};

export const nowIso = () => new Date().toISOString();

export async function findOrder(env: Env, id: string): Promise<OrderRow | null> {
  const order = await env.DB.prepare('select * from orders where id = ?').bind(id).first<OrderRow>();
  return order ? expireIfDue(env, order) : null;
}

/** The order of `userId`, or 404 (the same answer for someone else's order, so ids cannot be probed). */
export async function ownOrder(env: Env, id: string, userId: number): Promise<OrderRow> {
  const order = await findOrder(env, id);
  if (!order || order.user_id !== userId) fail(404, ORDER_NOT_FOUND);
  return order;
}

/**
 * An order whose hold ran out without an approved payment is expired. The inventory object already put
 * the tickets back on sale (alarm); this keeps D1 in step, with a conditional update so it is harmless
 * when a payment lands at the same moment.
 */
async function expireIfDue(env: Env, order: OrderRow): Promise<OrderRow> {
  if (!['held', 'pending_payment'].includes(order.status)) return order;
  if (new Date(order.hold_expires_at).getTime() > Date.now()) return order;
  const res = await orderTransition(env.DB, { id: order.id }, ['held', 'pending_payment'], 'expired', {
    where: { sql: 'hold_expires_at <= ?', binds: [nowIso()] },
  }).run();
  return res.meta.changes === 1 ? { ...order, status: 'expired' } : order;
}

/** Sweep for the cron job: every overdue open order becomes expired. */
export async function expireOverdueOrders(env: Env) {
  await orderTransition(env.DB, { any: true }, ['held', 'pending_payment'], 'expired', {
    where: { sql: 'hold_expires_at <= ?', binds: [nowIso()] },
  }).run();
}

export async function orderItems(env: Env, orderId: string): Promise<OrderItemRow[]> {
  const { results } = await env.DB.prepare(
    `select i.ticket_type_id, i.quantity, i.unit_price_cents, i.unit_fee_cents, i.unit_discount_cents, i.holders, i.seats, t.name, t.named,
            t.event_date_id, d.starts_at
     from order_items i join ticket_types t on t.id = i.ticket_type_id join event_dates d on d.id = t.event_date_id
     where i.order_id = ? order by t.sort, t.id`,
  )
    .bind(orderId)
    .all<OrderItemRow>();
  return results;
}

export async function eventSummary(env: Env, eventId: number) {
  const row = await env.DB.prepare(
    `select e.id, e.title, e.slug, v.name as venue, v.address, v.city
     from events e left join venues v on v.id = e.venue_id where e.id = ?`,
  )
    .bind(eventId)
    .first<{
      id: number;
      title: string;
      slug: string;
      venue: string | null;
      address: string | null;
      city: string | null;
    }>();
  return row ?? { id: eventId, title: 'Evento', slug: '', venue: null, address: null, city: null };
}

/** Buyer data for the form: what the order has, else the user's profile. */
async function buyerOf(env: Env, order: OrderRow) {
  if (order.buyer_email) {
    return {
      name: order.buyer_name ?? '',
      email: order.buyer_email,
      dni: order.buyer_dni ?? '',
      phone: order.buyer_phone ?? '',
    };
  }
  const user = await env.DB.prepare('select name, email, dni, telefono from users where id = ?')
    .bind(order.user_id)
    .first<{ name: string; email: string; dni: string; telefono: string }>();
  return { name: user?.name ?? '', email: user?.email ?? '', dni: user?.dni ?? '', phone: user?.telefono ?? '' };
}

export async function orderView(env: Env, order: OrderRow): Promise<OrderView> {
  const [items, event, buyer, tickets] = await Promise.all([
    orderItems(env, order.id),
    eventSummary(env, order.event_id),
    buyerOf(env, order),
    env.DB.prepare("select count(*) as n from tickets where order_id = ? and status in ('valid', 'used')")
      .bind(order.id)
      .first<{ n: number }>(),
  ]);
  return {
    id: order.id,
    status: order.status,
    status_reason: order.status_reason,
    event: { id: event.id, title: event.title, slug: event.slug, venue: event.venue, city: event.city },
    items: items.map((i) => ({
      ticket_type_id: i.ticket_type_id,
      name: i.name,
      starts_at: i.starts_at,
      quantity: i.quantity,
      unit_price_cents: i.unit_price_cents,
      unit_fee_cents: i.unit_fee_cents,
      unit_discount_cents: i.unit_discount_cents,
      named: i.named === 1,
      seats: i.seats ? (JSON.parse(i.seats) as { id: string; name: string }[]) : [],
    })),
    subtotal_cents: order.subtotal_cents,
    fee_cents: order.fee_cents,
    total_cents: order.total_cents,
    promo_code: order.promo_code,
    discount_cents: order.discount_cents,
    hold_expires_at: order.hold_expires_at,
    payment_status: order.payment_status,
    buyer,
    tickets: tickets?.n ?? 0,
  };
}
