import { client, unwrap } from '../../../lib/api';

/** GET /admin/invitations: an event's invitations and their figures per tag. */
export async function fetchInvitations(eventId: string) {
  return (await unwrap(client.admin.invitations.$get({ query: { event_id: eventId } }))).data;
}
