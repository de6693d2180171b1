import { client, unwrap } from '../../../lib/api';

/** POST /admin/invitations/:id/resend: the e-mail again, with its QR tickets. */
export async function resendInvitation(id: string) {
  return (await unwrap(client.admin.invitations[':id'].resend.$post({ param: { id } }))).data;
}
