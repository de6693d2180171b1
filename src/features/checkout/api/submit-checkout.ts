import { client, unwrap } from '../../../lib/api';
import type { PayRequest } from '../../../shared/schemas/checkout';

/** POST /orders/:id/checkout: answers where to send the buyer (MercadoPago, or the success page if free). */
export const submitCheckout = (id: string, json: PayRequest) =>
  unwrap(client.orders[':id'].checkout.$post({ param: { id }, json }));
