import { client, unwrap } from '../../../lib/api';

/** The events the caller manages (GET /admin/events), to choose where the invitations go. */
export async function fetchInvitableEvents() {
  const events = (await unwrap(client.admin.events.$get({ query: {} }))).data;
  return events.filter((e) => e.status !== 'cancelado' && e.status !== 'finalizado');
}
