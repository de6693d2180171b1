import { client, unwrap } from '../../../lib/api';

/** POST /admin/tickets/:id/holder. */
export async function changeHolder(id: string, input: { name: string; dni: string; reason: string }) {
  return (await unwrap(client.admin.tickets[':id'].holder.$post({ param: { id }, json: input }))).data;
}
