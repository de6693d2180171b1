import { CLOSED_ORDER_MSG } from '../../../../src/shared/messages/checkout';
import { orderTransition } from '../../../domain/checkout/order-state';
import { fail } from '../../lib/errors';
import type { Defer } from '../payments/apply';
import { afterResaleSale, resaleSaleStatements } from '../resale/seller-refund';
import { payUnderClaim, sellHold } from './commit';
import { ensureTickets } from './issue-tickets';
import { nowIso, type OrderRow } from './orders';
import { deliverTicketsMail, QUEUE_TICKETS_MAIL_SQL } from './ticket-mail-queue';

/** A free order needs no payment: its hold becomes sold and the tickets are issued at once. */
export async function approveFreeOrder(env: Env, order: OrderRow, defer: Defer) {
  const { sold, claim } = await sellHold(env, order.event_id, order.hold_id);
  if (!sold.ok && sold.reason === 'in_flight') return;
  if (!sold.ok) {
    fail(409, sold.reason === 'closed' ? CLOSED_ORDER_MSG.cancelled : CLOSED_ORDER_MSG.expired);
  }
  // A resold ticket bought with a 100% code: cancelled in the same batch (services/resale).
  const resale = sold.resold ? await resaleSaleStatements(env, sold.resold, order.id) : [];
  const [res] = await payUnderClaim(env, claim, [
    orderTransition(env.DB, { id: order.id }, ['held', 'pending_payment'], 'paid', {
      set: { paid_at: nowIso() },
      setSql: QUEUE_TICKETS_MAIL_SQL,
    }),
    ...resale,
  ]);
  if (res.meta.changes !== 1) return;
  // Tickets first: the e-mail may fail and is retried by the cron job (mail-queue.ts).
  await ensureTickets(env, order);
  defer(deliverTicketsMail(env, order.id));
  if (sold.resold) await afterResaleSale(env, sold.resold, defer);
}
