import { client, unwrap } from '../../../lib/api';

/** POST /admin/invitations/:id/revoke: its tickets stop working at the door. */
export async function revokeInvitation(id: string, reason: string) {
  return (await unwrap(client.admin.invitations[':id'].revoke.$post({ param: { id }, json: { reason } }))).data;
}
