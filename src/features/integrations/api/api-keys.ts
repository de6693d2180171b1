import { client, unwrap } from '../../../lib/api';
import type { ApiKeyInput } from '../../../shared/schemas/integrations';

const param = (producerId: number) => ({ producer: String(producerId) });

/** POST /admin/api-keys/:producer: the new key and its secret (the only time it is told). */
export async function createApiKey(producerId: number, json: ApiKeyInput) {
  return unwrap(client.admin['api-keys'][':producer'].$post({ param: param(producerId), json }));
}

/** GET /admin/api-keys/:producer */
export async function listApiKeys(producerId: number) {
  return (await unwrap(client.admin['api-keys'][':producer'].$get({ param: param(producerId) }))).data;
}

/** DELETE /admin/api-keys/:producer/:id */
export async function revokeApiKey(producerId: number, id: string) {
  return unwrap(client.admin['api-keys'][':producer'][':id'].$delete({ param: { ...param(producerId), id } }));
}
