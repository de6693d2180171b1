import { client, unwrap } from '../../../lib/api';
import type { MemberRole } from '../../../shared/roles';

type Invite = { producer_id: number; email: string; role: MemberRole; event_ids: number[] };

/** POST /admin/team/invitations: e-mails an acceptance link. */
export const sendInvitation = (json: Invite) => unwrap(client.admin.team.invitations.$post({ json }));

/** POST /admin/team/invitations/:id/resend: a fresh link (the old one stops working). */
export const resendInvitation = (producerId: number, id: string) =>
  unwrap(client.admin.team.invitations[':id'].resend.$post({ param: { id }, json: { producer_id: producerId } }));

/** DELETE /admin/team/invitations/:id. */
export const revokeInvitation = (producerId: number, id: string) =>
  unwrap(client.admin.team.invitations[':id'].$delete({ param: { id }, query: { producer_id: String(producerId) } }));

/** POST /team/invitations/:token/accept: the signed-in person joins the team. */
export const acceptInvitation = (token: string) =>
  unwrap(client.team.invitations[':token'].accept.$post({ param: { token } }));
