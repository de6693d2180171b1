import { fail } from '../../lib/errors';
import type { Defer } from '../payments/apply';
import { ensureTickets } from '../tickets/issue';
import { sendOrderTickets } from '../tickets/mail';
import { inventoryOf } from './inventory';
import { nowIso, type OrderRow } from './orders';

/** A free order needs no payment: its hold becomes sold and the tickets are issued at once. */
export async function approveFreeOrder(env: Env, order: OrderRow, defer: Defer) {
  const sold = await inventoryOf(env, order.event_id).commit(order.hold_id);
  if (!sold.ok) fail(409, 'La reserva venció y las entradas ya no están disponibles.');
  const res = await env.DB.prepare(
    "update orders set status = 'paid', paid_at = ?, updated_at = ? where id = ? and status in ('held', 'pending_payment')",
  )
    .bind(nowIso(), nowIso(), order.id)
    .run();
  if (res.meta.changes !== 1) return;
  await ensureTickets(env, order);
  defer(sendOrderTickets(env, order));
}
