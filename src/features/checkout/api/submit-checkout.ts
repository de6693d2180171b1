import { api } from '../../../lib/api';
import type { PayRequest } from '../../../shared/schemas/checkout';

/** POST /orders/:id/checkout: answers where to send the buyer (MercadoPago, or the success page if free). */
export const submitCheckout = (orderId: string, input: PayRequest) =>
  api<{ data: { status: string; redirect: string } }>(`/orders/${encodeURIComponent(orderId)}/checkout`, {
    method: 'POST',
    json: input,
  });
