import { client, unwrap } from '../../../lib/api';

/** POST /admin/mercadopago/producers/:id/authorization: the link to MercadoPago's authorization page. */
export async function mpAuthorizationUrl(producerId: number) {
  const r = await unwrap(
    client.admin.mercadopago.producers[':id'].authorization.$post({ param: { id: String(producerId) } }),
  );
  return r.data.url;
}

/** DELETE /admin/mercadopago/producers/:id */
export async function unlinkMp(producerId: number) {
  return unwrap(client.admin.mercadopago.producers[':id'].$delete({ param: { id: String(producerId) } }));
}
