import type { RefundMethod } from '../../../../src/shared/schemas/sales';

/** A refund as D1 keeps it, and the keys and SQL its writers share. */

/** The idempotency keys of an event cancellation's refunds: `cancel:<order_id>` (then `:<attempt>`). */
export const CANCEL_KEY_PREFIX = 'cancel:';

export type RefundRow = {
  id: string;
  order_id: string;
  ticket_ids: string;
  amount_cents: number;
  fee_cents: number;
  method: RefundMethod;
  status: 'pending' | 'done' | 'failed';
  idempotency_key: string;
  created_by: number | null;
  reason: string;
  allow_used: number;
  stock_returned: number;
  created_at: string;
  done_at: string | null;
};

/** The idempotency keys of a face-value resale's refunds: `resale:<ticket_id>` (then `:<attempt>`). */
export const RESALE_KEY_PREFIX = 'resale:';

/**
 * Whether a ticket counts as not refunded yet for its order's state: valid or used without a refund, or
 * resold (cancelled by the buyer's payment) while its seller's refund is not done. An order becomes
 * refunded only when none is left, so a pending or refused resale refund keeps the seller's order paid
 * (and claimable) until the money moved.
 */
export const UNREFUNDED_TICKET_SQL = `k.refund_id is null and (k.status in ('valid', 'used')
  or (k.status = 'cancelled' and exists (select 1 from resale_refunds s where s.ticket_id = k.id and s.status <> 'done')))`;
