import { client, unwrap } from '../../../lib/api';

type Invitation = Parameters<typeof client.admin.invitations.$post>[0]['json'];

/** POST /admin/invitations: one invitation, e-mailed at once. */
export async function issueInvitation(invitation: Invitation) {
  return (await unwrap(client.admin.invitations.$post({ json: invitation }))).data;
}
