import { client, unwrap } from '../../../lib/api';

/** POST /admin/invitations/import: a whole CSV file, all rows or none. */
export async function importInvitations(eventId: number, csv: string) {
  return (await unwrap(client.admin.invitations.import.$post({ json: { event_id: eventId, csv } }))).data;
}
