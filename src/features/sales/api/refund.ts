import { client, unwrap } from '../../../lib/api';
import { USED_OVERRIDE_PHRASE } from '../../../shared/messages/refunds';

/**
 * POST /admin/orders/:id/refund: the whole order, or the chosen tickets. `key` is the refund's idempotency
 * key (one per dialog: pressing again never refunds twice); `confirmUsed` refunds admitted tickets too.
 */
export async function refundOrder(
  id: string,
  reason: string,
  ticketIds: string[] | undefined,
  key: string,
  confirmUsed = false,
) {
  return unwrap(
    client.admin.orders[':id'].refund.$post({
      param: { id },
      json: {
        reason,
        ticket_ids: ticketIds,
        idempotency_key: key,
        ...(confirmUsed ? { confirm_used: USED_OVERRIDE_PHRASE } : {}),
      },
    }),
  );
}
