import { client, unwrap } from '../../../lib/api';

/** The producer's webhooks through the provider API (docs/api.md "Webhooks"). */

const endpoint = () => client.admin.webhooks.endpoints[':id'];

export const listEndpoints = (producerId: number) =>
  unwrap(client.admin.webhooks.producers[':id'].endpoints.$get({ param: { id: String(producerId) } }));

export const createEndpoint = (producerId: number, json: { url: string; description: string; event_types: string[] }) =>
  unwrap(
    client.admin.webhooks.producers[':id'].endpoints.$post({
      param: { id: String(producerId) },
      json: json as { url: string; description: string; event_types: ['order.paid'] },
    }),
  );

export const setEnabled = (id: string, enabled: boolean) =>
  unwrap(endpoint().$patch({ param: { id }, json: { enabled } }));

export const removeEndpoint = (id: string, producerId: number) =>
  unwrap(endpoint().$delete({ param: { id }, query: { producer_id: String(producerId) } }));

export const rotateSecret = (id: string) => unwrap(endpoint().rotate.$post({ param: { id } }));

export const sendTest = (id: string) => unwrap(endpoint().test.$post({ param: { id } }));

export const deliveries = (id: string) => unwrap(endpoint().deliveries.$get({ param: { id } }));

export const replay = (deliveryId: number) =>
  unwrap(client.admin.webhooks.deliveries[':id'].replay.$post({ param: { id: String(deliveryId) } }));
